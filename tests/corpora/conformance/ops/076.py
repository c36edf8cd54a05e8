import torch

y = torch.tensor([1.0, -1.0], requires_grad=True)
x = torch.tensor([1.0, 1.0], requires_grad=True)
a = torch.atan2(y, x)
print(a)
a.sum().backward()
print(y.grad, x.grad)
