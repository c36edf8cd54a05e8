import torch

x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
values, indices = x.max(dim=1)
print(values)
print(indices)
values.sum().backward()
print(x.grad)
