import torch

torch.stack([])
