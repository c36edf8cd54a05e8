import torch

a = torch.ones(2, 3)
b = torch.ones(2, 3)
print(a.shape, b.shape)
torch.mm(a, b)
