import torch

torch.ones(3) @ torch.ones(2)
