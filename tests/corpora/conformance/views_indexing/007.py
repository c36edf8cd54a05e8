import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0, 5.0], requires_grad=True)
c = torch.cat([a, b])
print(c)
(c * torch.arange(5.0)).sum().backward()
print(a.grad, b.grad)
print(c.grad_fn)
