import torch

x = torch.ones(3, requires_grad=True)
y = x[1:]
print(y)
y.mul_(2)
