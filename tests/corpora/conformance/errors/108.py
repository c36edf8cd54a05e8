import torch

x = torch.zeros(2, 2)
x[0] = torch.ones(3)
