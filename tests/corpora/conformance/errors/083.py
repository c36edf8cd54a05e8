import torch

torch.ones(2) @ torch.ones(3, 4)
