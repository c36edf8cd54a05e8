import torch

x = torch.zeros(3)
x[0:2] = torch.ones(3)
