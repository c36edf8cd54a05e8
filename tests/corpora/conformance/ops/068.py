import torch

a = torch.tensor([[2.0, 0.0], [1.0, 3.0]], requires_grad=True)
b = torch.tensor([[1.0], [2.0]])
x = a @ b
y = a.t() @ x
z = (y ** 2).sum()
z.backward()
print(x.t(), y.t(), z)
print(a.grad)
