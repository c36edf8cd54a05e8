import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
v = torch.vstack([a, b])
h = torch.hstack([a, b])
print(v, h)
(v.sum() + (h * torch.arange(4.0)).sum()).backward()
print(a.grad, b.grad)
