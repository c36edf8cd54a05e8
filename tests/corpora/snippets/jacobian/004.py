# gradients with respect to several inputs at once
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(-3.0, requires_grad=True)
c = a * b + b ** 2
da, db = torch.autograd.grad(c, (a, b))
print("dc/da =", da.item(), "dc/db =", db.item())
