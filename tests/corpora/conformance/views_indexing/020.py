import torch

x = torch.tensor([[1, 2], [3, 4]])
print(x.dtype)
print(x.T)
print(x.view(-1))
print(x.contiguous().is_contiguous())
print(x.t().contiguous())
