import torch

x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
m = torch.min(x, dim=0)
print(m)
print(m.values, m.indices)
m.values.sum().backward()
print(x.grad)
