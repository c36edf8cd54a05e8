import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
v = torch.tensor([1.0, -1.0])
y = torch.einsum("ij,j->i", x, v)
print(y)
z = torch.einsum("ij,ij->", x, x)
print(z)
(y.sum() + z).backward()
print(x.grad)
