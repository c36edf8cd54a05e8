# a small numerical gradient check against autograd
import torch

def f(v):
    return (v ** 3 - 2 * v).sum()

x = torch.tensor([0.3, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
analytic, = torch.autograd.grad(f(x), x)
eps = 1e-6
numeric = []
for i in range(3):
    e = torch.zeros(3, dtype=torch.float64)
    e[i] = eps
    numeric.append(((f(x.detach() + e) - f(x.detach() - e)) / (2 * eps)).item())
print(analytic)
print(all(abs(a - n) < 1e-6 for a, n in zip(analytic.tolist(), numeric)))
