import torch

x = torch.tensor([[[1.0], [2.0]]], requires_grad=True)
print(x.shape)
y = x.squeeze()
print(y, y.shape)
z = y.unsqueeze(0)
print(z.shape, z.grad_fn)
w = x.squeeze(2)
print(w.grad_fn)
z.sum().backward()
print(x.grad)
