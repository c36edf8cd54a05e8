import torch

x = torch.arange(16.0).view(4, 4)
print(x[1:3, 1:3])
print(x[::2, ::2])
print(x[-2:])
print(x[:, -1])
print(x[1, ...])
print(x[..., -2:].shape)
