import torch

def apply_n(f, x, n):
    for _ in range(n):
        x = f(x)
    return x

def double(t):
    return t * 2

x = torch.tensor(1.5, requires_grad=True)
y = apply_n(double, x, 3)
y.backward()
print(y, x.grad)
print(apply_n(torch.exp, torch.tensor(0.0), 2))
