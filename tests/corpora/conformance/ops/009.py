import torch

A = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0], requires_grad=True)
y = torch.matmul(A, v)
print(y, y.grad_fn)
y.sum().backward()
print(A.grad)
print(v.grad)
