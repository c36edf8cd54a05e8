import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
y = x[x > 2.5]
print(y, y.grad_fn)
z = x[:, [0, 2]]
print(z, z.grad_fn)
(y.sum() + z.sum()).backward()
print(x.grad)
