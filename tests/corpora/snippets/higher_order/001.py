# second derivative with create_graph
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
dy, = torch.autograd.grad(y, x, create_graph=True)
d2y, = torch.autograd.grad(dy, x)
print("dy/dx =", dy)
print("d2y/dx2 =", d2y)
