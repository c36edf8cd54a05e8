import torch

x = torch.tensor([[1.0, 5.0], [3.0, 2.0]])
r = torch.max(x, 1)
print(r)
print(type(r))
print(torch.sort(torch.tensor([3.0, 1.0, 2.0])))
print(x.min(dim=1, keepdim=True))
