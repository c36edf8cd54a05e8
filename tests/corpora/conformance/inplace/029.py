import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = y.exp()
y.mul_(2)
print(z)
z.sum().backward()
print(x.grad)
