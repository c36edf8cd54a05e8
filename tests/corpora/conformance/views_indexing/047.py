import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
s = torch.stack([a, b], dim=-1)
print(s, s.shape)
c = torch.cat([a, torch.zeros(0)])
print(c)
(s[:, 0] * s[:, 1]).sum().backward()
print(a.grad, b.grad)
