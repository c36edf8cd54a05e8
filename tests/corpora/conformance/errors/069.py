import torch

x = torch.arange(6.0).view(2, 3)
print(x[1, -1])
print(x[0, -4])
