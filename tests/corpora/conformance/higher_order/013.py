import torch

x = torch.tensor(0.5, requires_grad=True)
y = torch.sigmoid(x)
dy, = torch.autograd.grad(y, x, create_graph=True)
print(dy, dy.grad_fn)
d2y, = torch.autograd.grad(dy, x)
print(d2y)
