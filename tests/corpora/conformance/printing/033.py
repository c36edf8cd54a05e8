import torch

x = torch.arange(30.0, requires_grad=True)
print(x * 1.5)
print(torch.arange(15.0, requires_grad=True) / 7)
