import torch

x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
y = x ** -1 + 1 / x + x.reciprocal()
print(y)
y.sum().backward()
print(x.grad)
print(torch.tensor([1, 2, 3]) ** 2, torch.tensor([1, 2, 3]) ** 0.5)
