import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.clone()
z = y.reciprocal()
z.add_(1)
z.sum().backward()
