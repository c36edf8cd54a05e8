import torch

a = torch.zeros(2, 3)
b = torch.arange(6.0)
print(b.view_as(a))
print(b.reshape_as(a).t())
c = torch.tensor([[1.0], [2.0]])
print(c.expand_as(a))
