import torch

w = torch.ones(2, requires_grad=True)
print(w.requires_grad)
w.requires_grad_(False)
print(w.requires_grad)
y = (w * 2).sum()
print(y.requires_grad, y.grad_fn)
