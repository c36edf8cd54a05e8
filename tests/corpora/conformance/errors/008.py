import torch

x = torch.tensor([1, 2])
x.requires_grad_()
