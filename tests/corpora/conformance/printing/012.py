import torch

x = torch.ones(2, 3, 4)
print(x)
print(torch.zeros(1, 2, 1))
print(torch.empty(0))
print(torch.zeros(2, 0))
