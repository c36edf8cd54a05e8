import torch

x = torch.tensor([[True, False], [False, False]])
print(x)
print(x.any(), x.all(), x.sum(), x.float())
print(x.int(), x.long().dtype)
