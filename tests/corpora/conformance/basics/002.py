import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = a * b + a ** 2
print(c)
c.backward()
print("dc/da =", a.grad)
print("dc/db =", b.grad)
