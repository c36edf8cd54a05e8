import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)
print(x)
print(x.requires_grad, x.is_leaf, x.grad_fn)
y = x * 4
print(y)
print(y.requires_grad, y.is_leaf)
print(y.grad_fn)
