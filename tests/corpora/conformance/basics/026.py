import torch

a = torch.ones(2)
b = a * 2
print(b.is_leaf, b.requires_grad, b.grad_fn)
c = torch.ones(2, requires_grad=True) + b
print(c.is_leaf, c.requires_grad)
print(torch.ones(2, requires_grad=True).is_leaf)
print((torch.ones(2) * 2).requires_grad_().is_leaf)
