import torch

x = torch.arange(6.0).view(2, 3)
print(x)
x.reshape(4, 2)
