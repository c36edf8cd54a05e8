import torch

torch.ones(2, 3).transpose(0, 2)
