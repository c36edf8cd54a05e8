import torch

x = torch.arange(24.0).reshape(2, 3, 4)
print(x.shape)
print(x.reshape(-1, 4).shape)
print(x.view(6, -1).shape)
print(x.flatten())
print(x.flatten(1).shape)
print(x[0, 1:, 2])
