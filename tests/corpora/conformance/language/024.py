import torch

shape = (2, 3)
x = torch.zeros(*shape)
print(x.shape)
dims = [2, 2]
print(torch.ones(dims))
print(torch.ones(size=(1, 2)))
args = {"dim": 1, "keepdim": True}
print(torch.arange(6.0).view(2, 3).sum(**args))
