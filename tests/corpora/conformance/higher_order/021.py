import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.exp(x) * x
grads = []
g = y
for order in range(1, 4):
    g, = torch.autograd.grad(g, x, create_graph=True)
    grads.append(round(g.item(), 4))
print(grads)
