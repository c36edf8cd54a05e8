import torch

x = torch.ones(2, 3, requires_grad=True)
y = x.exp()
y.mul_(2)
y.mul_(2)
y.sum().backward()
