import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x.t().reshape(4)
print(y)
print(y.grad_fn)
print(y.grad_fn.next_functions)
y.sum().backward()
print(x.grad)
