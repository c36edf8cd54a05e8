import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x * 1
row = y[0]
row.mul_(10)
print(y)
print(y._version, row._version)
y.sum().backward()
print(x.grad)
