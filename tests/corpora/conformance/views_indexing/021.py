import torch

a = torch.zeros(2, 3, requires_grad=True)
b = torch.ones(2, 3, requires_grad=True)
c = torch.cat((a, b), dim=1)
print(c.shape)
d = torch.cat([a, b], dim=0)
print(d)
(c[:, 2:] * 3).sum().backward()
print(a.grad)
print(b.grad)
