import torch

def make(n):
    return torch.arange(float(n)), n

t, n = make(3)
print(t, n)
print(*t.tolist())
print(*[1, 2], sep=", ")
print("a", "b", sep="-", end="!\n")
