import torch

x = torch.tensor([1.0, -2.0, 3.0], dtype=torch.float64, requires_grad=True)
y = (x.abs() * 3).sum()
y.backward()
print(y)
print(x.grad)
print(x.grad.dtype)
