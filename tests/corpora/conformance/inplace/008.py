import torch

x = torch.ones(3, requires_grad=True)
y = x.detach()
y.zero_()
print(x)
print(y)
print(x._version, y._version)
