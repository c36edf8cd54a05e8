import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = y + 1
y.add_(1)
z.sum().backward()
print(x.grad)
print(y, z)
