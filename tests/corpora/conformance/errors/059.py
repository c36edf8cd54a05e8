import torch

x = torch.ones(3)
x.unsqueeze(2)
