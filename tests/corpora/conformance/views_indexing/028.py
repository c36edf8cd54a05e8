import torch

x = torch.arange(4.0)
print(x[None].shape, x[:, None].shape, x.unsqueeze(-1).shape)
print(x[None, :, None].shape)
print(torch.flip(x, [0]))
print(x.view(2, 2).flip(1))
