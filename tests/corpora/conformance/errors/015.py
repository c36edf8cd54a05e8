import torch

torch.tensor(1.0) @ torch.tensor(2.0)
