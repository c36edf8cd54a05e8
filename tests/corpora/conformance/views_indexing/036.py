import torch

x = torch.ones(3, 4, requires_grad=True)
y = torch.cat([x[:, :2] * 2, x[:, 2:] * 3], dim=1)
print(y)
y.sum().backward()
print(x.grad)
