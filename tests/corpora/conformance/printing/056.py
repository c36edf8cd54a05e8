import torch

torch.manual_seed(0)
a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(3, 2)
c = a @ b
print(a)
print(c)
print(c.grad_fn)
c.sum().backward()
print(a.grad)
