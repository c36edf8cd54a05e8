# requires_grad, grad_fn and a scalar backward
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x + 2 * x
print(y)
print(y.grad_fn)
s = y.sum()
s.backward()
print(x.grad)
print(x.is_leaf, y.is_leaf, s.is_leaf)
