import torch

def fact(n):
    if n <= 1:
        return torch.tensor(1.0)
    return n * fact(n - 1)

print(fact(5))
print([fact(i).item() for i in range(1, 6)])
