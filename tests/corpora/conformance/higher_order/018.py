import torch

x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0, requires_grad=True)
f = x ** 2 * y ** 3
fx, fy = torch.autograd.grad(f, (x, y), create_graph=True)
fxy, = torch.autograd.grad(fx, y, retain_graph=True)
fyx, = torch.autograd.grad(fy, x)
print(fx, fy)
print(fxy, fyx)
