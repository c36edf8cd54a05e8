import torch

f = lambda x: (x ** 3 - 2 * x).sum()
x = torch.tensor([1.0, 2.0, -0.5], requires_grad=True)
y = f(x)
y.backward()
print(y, x.grad)
g, = torch.autograd.grad(f(x), x, create_graph=True)
h, = torch.autograd.grad(g.sum(), x)
print(g, h)
