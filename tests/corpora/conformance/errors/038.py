import torch

torch.cat([torch.ones(2, 3), torch.ones(2, 2)])
