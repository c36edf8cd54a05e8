import torch

def f(x):
    return torch.stack([x[0] * x[1], x[0] + 3 * x[1]])

x = torch.tensor([2.0, 3.0])
J = torch.autograd.functional.jacobian(f, x)
print(J)
