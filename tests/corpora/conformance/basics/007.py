import torch

x = torch.randn(3, requires_grad=True)
y = x.detach()
print(y.requires_grad, y.is_leaf, y.grad_fn)
z = x * 2
print(z.detach().requires_grad)
print(z.is_leaf, z.detach().is_leaf)
