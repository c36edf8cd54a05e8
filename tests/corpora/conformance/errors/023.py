import torch

torch.tensor([]).item()
