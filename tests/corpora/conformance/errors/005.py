import torch

a = torch.tensor([1.0, 2.0])
print(a.sum())
a.sum().backward()
