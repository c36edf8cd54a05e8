import torch

x = torch.arange(1000.0).view(10, 100)
print(x)
print(torch.arange(30.0).view(2, 3, 5) / 7)
