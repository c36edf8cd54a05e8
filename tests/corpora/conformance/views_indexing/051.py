import torch

x = torch.arange(5.0, requires_grad=True)
d = torch.diff(x ** 2)
print(d)
r = torch.roll(x, 1)
print(r)
(d.sum() + (r * torch.arange(5.0)).sum()).backward()
print(x.grad)
