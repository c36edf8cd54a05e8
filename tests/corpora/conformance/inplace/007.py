import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = y * y
y.add_(1)
print(y)
z.sum().backward()
