import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3, 4])
print([a, b])
print((a, b))
print({"a": a, "n": 2})
print([a * 2])
