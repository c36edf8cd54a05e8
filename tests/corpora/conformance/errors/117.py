import torch

x = torch.ones(2, 2, requires_grad=True)
y = x.t()
y.add_(1)
