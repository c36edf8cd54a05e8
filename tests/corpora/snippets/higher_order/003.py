# Hessian-vector product via double backward
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
f = x[0] ** 2 * x[1] + x[1] ** 3
g, = torch.autograd.grad(f, x, create_graph=True)
v = torch.tensor([1.0, 0.0])
hv, = torch.autograd.grad(g @ v, x)
print("grad:", g)
print("Hv:", hv)
