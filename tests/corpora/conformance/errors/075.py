import torch

x = torch.zeros(2, 2)
print(x.view(-1, 2).shape)
x.view(-1, 3)
