import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
s = torch.stack([a, b])
print(s)
s2 = torch.stack([a, b], dim=1)
print(s2)
(s * s2.t()).sum().backward()
print(a.grad, b.grad)
