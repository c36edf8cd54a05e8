import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
print(a.dtype, a.shape, a.size(), a.dim(), a.numel())
c = a * b
print(c.dtype, c.device)
c.sum().backward()
print(a.grad.dtype, a.grad.shape)
