import torch

x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
print(torch.argsort(x), x.argsort(descending=True))
p = torch.cumprod(x, dim=0)
print(p)
p.sum().backward()
print(x.grad)
print(torch.numel(x), x.numel())
