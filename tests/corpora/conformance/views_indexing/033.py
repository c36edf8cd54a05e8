import torch

x = torch.arange(10.0)
print(x[x % 2 == 0])
print(x[(x > 2) & (x < 7)])
print(x[(x < 2) | (x > 7)])
print(x[~(x > 5)])
print(torch.nonzero(x > 7))
