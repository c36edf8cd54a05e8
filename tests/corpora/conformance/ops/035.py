import torch

x = torch.arange(24.0).view(2, 3, 4).requires_grad_()
print(x.sum(dim=(0, 2)))
print(x.mean(dim=[1, 2]))
print(x.sum(-1).shape, x.amax(dim=1))
x.mean(dim=(0, 1)).sum().backward()
print(x.grad[0])
