import torch

x = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)
y = x.t() @ x
print(y)
y.sum().backward()
print(x.grad)
