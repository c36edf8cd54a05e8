import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
y = x.t()
print(y)
print(y.grad_fn)
print(y.is_contiguous(), x.is_contiguous())
(y * torch.arange(6.0).view(3, 2)).sum().backward()
print(x.grad)
