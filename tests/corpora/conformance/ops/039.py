import torch

u = torch.tensor([1.0, 2.0], requires_grad=True)
v = torch.tensor([3.0, 4.0, 5.0], requires_grad=True)
o = torch.outer(u, v)
print(o)
o.sum().backward()
print(u.grad, v.grad)
