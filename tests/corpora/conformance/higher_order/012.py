import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x * x * x).sum()
g = torch.autograd.grad(y, x, create_graph=True)[0]
print(g.grad_fn)
v = torch.ones(3)
hvp = torch.autograd.grad(g, x, v)[0]
print(hvp)
