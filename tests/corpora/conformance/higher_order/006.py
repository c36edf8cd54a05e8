import torch

x = torch.tensor(1.0, requires_grad=True)
y = torch.sin(x)
g1, = torch.autograd.grad(y, x, create_graph=True)
g2, = torch.autograd.grad(g1, x, create_graph=True)
g3, = torch.autograd.grad(g2, x)
print(g1, g2, g3)
