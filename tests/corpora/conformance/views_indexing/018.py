import torch

x = torch.arange(5.0, requires_grad=True)
y = x[1:4]
print(y.grad_fn)
z = x[::2]
print(z)
(y.sum() + z.sum()).backward()
print(x.grad)
