import torch

x = torch.ones(2, 2, requires_grad=True)
y = x * 3
v = y.view(4)
v.add_(1)
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)
