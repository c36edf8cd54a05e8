import torch

torch.tensor([1.0, 2.0, 3.0])[[0, 5]]
