import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    x += 1
    x *= 2
print(x, x.grad_fn, x.is_leaf)
