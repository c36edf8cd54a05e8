import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 1
z = y * y
d = y.detach()
d.add_(1)
print(y, d)
z.sum().backward()
