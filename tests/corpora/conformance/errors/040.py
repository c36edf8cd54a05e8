import torch

torch.ones(2, 3).expand(3, 3)
