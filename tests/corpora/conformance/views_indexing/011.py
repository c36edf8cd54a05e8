import torch

x = torch.tensor([1.0, -2.0, 3.0, -4.0], requires_grad=True)
mask = x > 0
print(mask)
y = x[mask]
print(y)
y.sum().backward()
print(x.grad)
