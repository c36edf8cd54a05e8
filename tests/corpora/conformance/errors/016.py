import torch

x = torch.ones(2, 3)
y = torch.ones(2)
print(x + 1)
print(x + y)
