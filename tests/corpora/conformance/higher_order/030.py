import torch
from torch.autograd import grad

x = torch.tensor([0.5, 1.0], requires_grad=True)
def f(v):
    return torch.stack([torch.sin(v[0]) * v[1], v[0] ** 2 + v[1]])
J = torch.autograd.functional.jacobian(f, x)
print(J)
y = f(x)
rows = [grad(y[i], x, retain_graph=True)[0] for i in range(2)]
print(torch.stack(rows))
print(torch.allclose(J, torch.stack(rows)))
