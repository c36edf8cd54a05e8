import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print(y)
print(y.sum())
print(x.mean())
print(torch.tensor([1.5], dtype=torch.float64, requires_grad=True) * 2)
print(x.detach())
