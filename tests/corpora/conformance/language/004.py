import torch

a, b = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
a, b = b, a
print(a, b)
(x, y), z = (1, 2), 3
print(x + y + z)
first, rest = 1, [2, 3]
print(first, rest)
