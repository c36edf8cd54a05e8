import torch

def f(x):
    return x * 2
print(f(torch.ones(1)))
print(f(1, 2))
