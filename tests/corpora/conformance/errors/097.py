import torch

x = torch.arange(4.0)
print(x[1.5])
