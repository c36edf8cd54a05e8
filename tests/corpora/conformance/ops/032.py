import torch
import torch.nn.functional as F

x = torch.tensor([-2.0, -0.5, 0.0, 1.5], requires_grad=True)
for name, y in [("leaky", F.leaky_relu(x, 0.1)), ("softplus", F.softplus(x)), ("elu", F.elu(x)), ("gelu", F.gelu(x)), ("silu", F.silu(x))]:
    g, = torch.autograd.grad(y.sum(), x)
    print(name, y, g)
