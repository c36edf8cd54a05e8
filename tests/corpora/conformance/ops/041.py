import torch

a = torch.tensor([7, -7, 9])
print(a // 2, a % 3, a / 2)
print(a.abs(), -a, a * a)
print(torch.tensor([5]) // torch.tensor([2]))
print(a.float().mean(), a.max(), a.sum().item())
