# clamp, abs and where: gradients through piecewise functions
import torch

x = torch.tensor([-2.0, -0.5, 0.5, 2.0], requires_grad=True)
y = x.clamp(-1, 1) + torch.where(x > 0, x ** 2, x.abs())
y.sum().backward()
print(y)
print(x.grad)
