# max returns values and indices; unpacking a named tuple
import torch

x = torch.tensor([[1.0, 5.0], [4.0, 2.0]], requires_grad=True)
v, i = x.max(dim=0)
print(v, i)
v.sum().backward()
print(x.grad)
