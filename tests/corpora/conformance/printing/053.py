import torch

x = torch.tensor([torch.pi, torch.e, -torch.pi])
print(x)
print(torch.tensor([torch.inf, -torch.inf, torch.nan]))
print(torch.sin(x))
print(x.round(), x.floor(), x.ceil())
print(torch.round(x * 100) / 100)
