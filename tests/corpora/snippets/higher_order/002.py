# derivatives of sin, one order after another
import torch

x = torch.tensor(1.0, requires_grad=True)
f = torch.sin(x)
for order in range(1, 5):
    f, = torch.autograd.grad(f, x, create_graph=True)
    print(order, round(f.item(), 5))
