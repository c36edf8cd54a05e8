import torch

x = torch.tensor([0.5, -0.5], requires_grad=True)
y = torch.tanh(x).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
print(g.grad_fn)
g.sum().backward()
print(x.grad)
