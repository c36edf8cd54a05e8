import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)
y = x * 2
z = y.detach()
z.add_(100)
print(y)
y.sum().backward()
print(x.grad)
