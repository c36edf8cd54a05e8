import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * x).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g.grad_fn)
gg = torch.autograd.grad(g, x, torch.ones(2), retain_graph=True)
print(gg)
gg2 = torch.autograd.grad(g.sum(), x)
print(gg2)
