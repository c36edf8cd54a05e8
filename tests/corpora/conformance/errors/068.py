import torch

x = torch.ones(2, 3, requires_grad=True)
y = x.sum(dim=1)
g = torch.autograd.grad(y, x)
