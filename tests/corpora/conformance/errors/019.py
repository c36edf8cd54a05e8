import torch

x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
y = x * 1
z = y * y
y.mul_(2)
z.sum().backward()
