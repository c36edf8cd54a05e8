import torch

x = torch.arange(6.0).view(2, 3).requires_grad_()
y = x.reshape(3, 2)
print(y.grad_fn)
z = x.t().reshape(6)
print(z.grad_fn)
w = x.view(-1)
print(w.grad_fn)
f = x.flatten()
print(f.grad_fn)
