import torch

print(torch.zeros(0, 3, requires_grad=True))
print(torch.ones(0))
print(torch.tensor([[]]))
print(torch.zeros(3).sum(), torch.zeros(0).sum())
