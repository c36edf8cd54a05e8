import torch

x = torch.arange(10.0, requires_grad=True)
parts = torch.split(x, 3)
print(parts)
print(len(parts))
(parts[0].sum() * 2 + parts[3].sum()).backward()
print(x.grad)
