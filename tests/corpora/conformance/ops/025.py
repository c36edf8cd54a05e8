import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.where(x > 1.5, x ** 2, -x)
print(y)
y.sum().backward()
print(x.grad)
