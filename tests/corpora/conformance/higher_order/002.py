import torch
from torch.autograd import grad

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 2).sum()
dx = grad(y, x, create_graph=True)[0]
print(dx)
print(dx.requires_grad, dx.grad_fn)
d2 = grad(dx.sum(), x)[0]
print(d2)
