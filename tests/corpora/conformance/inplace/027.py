import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 2
y.add_(1)
z = y.sum()
z.backward()
print(x.grad, y)
