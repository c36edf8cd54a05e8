import torch

x = torch.tensor([0.5, 1.5], requires_grad=True)
y = (x ** 3).mean()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g, g.grad_fn)
h, = torch.autograd.grad(g, x, torch.tensor([1.0, 1.0]))
print(h)
