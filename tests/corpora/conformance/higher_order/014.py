import torch

x = torch.tensor([1.0, 4.0], requires_grad=True)
y = torch.log(x).sum() + torch.sqrt(x).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
print(g.grad_fn)
h, = torch.autograd.grad(g.sum(), x)
print(h)
