import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([3.0, 2.0, 1.0])
print(a > b, a == b, a <= b)
print(torch.where(a > b, a, b))
print(torch.maximum(a, b), torch.minimum(a, b))
print((a > 1).sum(), (a > 1).dtype)
