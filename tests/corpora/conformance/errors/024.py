import torch

float(torch.tensor([1.0, 2.0]))
