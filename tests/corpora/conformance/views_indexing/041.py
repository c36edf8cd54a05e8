import torch

a = torch.arange(4.0)
b = a.view(2, 2)
b[0, 0] = 100.0
print(a)
c = a[1:3]
c.mul_(10)
print(a, b)
