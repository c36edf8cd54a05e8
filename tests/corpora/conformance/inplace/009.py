import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x + 0
y[0] = 10.0
print(y)
y.sum().backward()
print(x.grad)
