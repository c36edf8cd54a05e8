import torch

w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
a = torch.ones(2, 2)
out = w @ a
a.add_(1)
out.sum().backward()
