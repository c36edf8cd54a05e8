import torch

print(torch.normal(0.0, -1.0, (2,)))
