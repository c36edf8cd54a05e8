import torch

def f(x):
    return (x ** 3).sum()

x = torch.tensor([1.0, 2.0])
H = torch.autograd.functional.hessian(f, x)
print(H)
