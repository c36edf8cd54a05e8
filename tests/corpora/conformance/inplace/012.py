import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 1
c = b ** 2
b[0] = 0.0
c.sum().backward()
