import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
z = y.pow(3)
y.zero_()
z.sum().backward()
