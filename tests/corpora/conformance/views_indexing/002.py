import torch

x = torch.arange(12.0).reshape(3, 4)
print(x)
print(x[1])
print(x[:, 2])
print(x[1:, ::2])
print(x[-1, -1])
print(x[..., 0])
