import torch

x = torch.arange(12.0).view(3, 4).requires_grad_()
y = x[[0, 2], [1, 3]]
print(y)
y.sum().backward()
print(x.grad)
