import torch

x = torch.tensor([1, 5, 3])
print(x.max(), x.min(), x.argmax(), x.sum(), x.prod())
print(torch.max(x, dim=0, keepdim=True))
y = torch.tensor([2.0, 2.0, 1.0])
print(y.argmax(), y.max(0))
print(x.float().mean(), x.sum().dtype)
