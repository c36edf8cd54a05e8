import torch

x = torch.arange(5.0, requires_grad=True)
parts = x.chunk(3)
print(parts, [p.shape for p in parts])
print(torch.arange(6).view(2, 3).split([1, 2], dim=1))
parts[2].sum().backward()
print(x.grad)
