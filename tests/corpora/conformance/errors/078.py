import torch

x = torch.ones(2, 3)
print(x.permute(1, 0).shape)
x.permute(0)
