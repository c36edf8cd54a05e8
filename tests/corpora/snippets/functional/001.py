# activations and their gradients
import torch
import torch.nn.functional as F

x = torch.linspace(-2, 2, 5, requires_grad=True)
for name, f in [("relu", F.relu), ("sigmoid", torch.sigmoid), ("tanh", torch.tanh)]:
    y = f(x)
    g, = torch.autograd.grad(y.sum(), x)
    print(name, y, g)
