import torch
from torch.autograd import grad

def f(a, b):
    return a * b + b ** 2

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
ga, gb = grad(f(a, b), (a, b))
print(f"df/da = {ga}, df/db = {gb}")
print(f"{ga.item() = }")
