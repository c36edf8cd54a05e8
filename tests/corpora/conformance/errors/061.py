import torch

w = torch.ones(2, 2, requires_grad=True)
w += 1
