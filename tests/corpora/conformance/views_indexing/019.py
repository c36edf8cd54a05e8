import torch

x = torch.ones(2, 1, 3)
print(x.expand(2, 4, 3).shape)
print(x.expand(-1, 2, -1).shape)
y = torch.tensor([1.0, 2.0])
print(y.repeat(3))
print(y.repeat(2, 2))
print(x.size(0), x.size(-1), x.shape[1])
