import torch

x = torch.ones(2, 3, 4, requires_grad=True)
y = x.permute(2, 0, 1)
print(y.shape)
print(y.grad_fn)
z = x.transpose(0, 2)
print(z.shape, z.grad_fn)
(y.sum() + z.sum()).backward()
print(x.grad.sum())
