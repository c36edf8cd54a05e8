import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print(y.grad_fn.name())
print(type(y.grad_fn))
print((x + 1).grad_fn.name())
print((x - 1).grad_fn.name())
print((x / 2).grad_fn.name())
print(x.sum().grad_fn.name())
print(x.mean().grad_fn.name())
