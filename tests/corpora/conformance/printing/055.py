import torch

x = torch.arange(12).view(3, 4)
print(x * -1)
print(x.float() * -0.5)
print(x.double() / 4)
print(x.bool())
print(x % 3 == 0)
