import torch

x = torch.zeros(2, 2)
print(x.squeeze(3))
