import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = 3 * x
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.requires_grad)
