import torch

torch.ones(2, 3).view(-1, -1)
