# in-place updates are fine under no_grad, and count versions
import torch

p = torch.tensor([1.0, 2.0], requires_grad=True)
print(p._version)
with torch.no_grad():
    p.mul_(2)
    p[0] = 10.
print(p, p._version)
print(p.requires_grad)
