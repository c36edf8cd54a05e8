import torch

x = torch.ones(2, 3)
print(x.view(3, 2))
print(x.view(3))
