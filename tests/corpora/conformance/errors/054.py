import torch

torch.cat([torch.ones(2), torch.ones(2)], dim=1)
