import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()
z = y[1:]
z.mul_(2)
y.sum().backward()
