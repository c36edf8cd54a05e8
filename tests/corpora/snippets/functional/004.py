# cat and stack keep the graph
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
c = torch.cat([a * 2, b ** 2])
s = torch.stack([a, a * a])
(c.sum() + s.sum()).backward()
print(c, s, sep="\n")
print(a.grad, b.grad)
