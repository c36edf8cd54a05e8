# modifying a tensor that backward still needs
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.sigmoid()
c = b * 2
b.mul_(3)
print("version", b._version)
c.sum().backward()
