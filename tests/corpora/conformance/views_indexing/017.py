import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
row = x[0]
col = x[:, 1]
print(row.grad_fn, col.grad_fn)
(row * col[:1]).sum().backward()
print(x.grad)
