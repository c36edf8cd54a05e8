import torch

print(torch.ones(2, 3).permute(0, 0))
