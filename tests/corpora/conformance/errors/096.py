import torch

x = torch.zeros(2, 2)
mask = torch.tensor([True, False, True])
print(x[mask])
