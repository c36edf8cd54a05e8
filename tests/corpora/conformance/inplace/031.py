import torch

x = torch.ones(2, 3, requires_grad=True)
y = x * 1
y[:, 0].mul_(2)
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)
