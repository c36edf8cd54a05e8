import torch

torch.ones(3) @ torch.ones(3, dtype=torch.float64)
