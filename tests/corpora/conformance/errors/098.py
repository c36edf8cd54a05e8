import torch

x = torch.ones(2, 3)
print(x.sum(dim=(0, 0)))
