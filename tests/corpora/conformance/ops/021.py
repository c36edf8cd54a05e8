import torch

x = torch.arange(6.0).reshape(2, 3)
x.requires_grad_()
y = torch.cumsum(x, dim=1)
print(y)
y.sum().backward()
print(x.grad)
