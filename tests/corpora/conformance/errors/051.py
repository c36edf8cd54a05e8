import torch

torch.ones(2, 3).sum(dim=-3)
