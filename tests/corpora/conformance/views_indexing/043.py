import torch

x = torch.arange(24).view(2, 3, 4)
print(x.transpose(1, 2).shape, x.permute(2, 1, 0).shape)
print(x.transpose(0, 1).is_contiguous())
print(x.sum(dim=(1, 2)))
print(x[:, 1, :].tolist())
print(x.reshape(4, -1)[3])
