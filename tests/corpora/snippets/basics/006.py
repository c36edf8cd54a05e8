# requires_grad_ on a computed tensor and .data
import torch

a = torch.arange(4.0)
b = (a * 2).reshape(2, 2)
print(b.requires_grad)
b.requires_grad_()
c = (b @ b).sum()
c.backward()
print(b.grad)
print(b.data)
print(c.item())
