import torch

print(torch.ones(3).chunk(0))
