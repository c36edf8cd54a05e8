import torch

x = torch.linspace(0, 1, 11)
print(x)
print(torch.linspace(-10, 10, 31))
print(torch.arange(0, 1, 0.1))
