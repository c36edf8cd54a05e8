import torch

x = torch.arange(6.0, requires_grad=True)
y = x.view(2, 3)
print(y)
print(y.grad_fn)
z = y * torch.tensor([1.0, 2.0, 3.0])
z.sum().backward()
print(x.grad)
