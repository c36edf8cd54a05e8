import torch

x = torch.arange(6.0, requires_grad=True)
a, b, c = x.split([1, 2, 3])
print(a, b, c)
(a * 1 + b.sum() * 2 + c.prod()).sum().backward()
print(x.grad)
