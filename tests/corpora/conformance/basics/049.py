import torch

x = torch.arange(4.0, requires_grad=True)
y = x.view(2, 2)
y.retain_grad()
z = (y * y).sum()
z.backward()
print(y.grad)
print(x.grad)
print(y.is_leaf, y.grad_fn)
