import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
print(y._version)
y += 1
print(y._version)
y.mul_(3)
print(y._version)
print(y)
y.sum().backward()
print(x.grad)
