import torch

print(torch.stack([torch.ones(2), torch.ones(2)], dim=2))
