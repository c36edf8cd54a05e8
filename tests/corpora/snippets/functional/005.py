# cumsum and norm
import torch

x = torch.tensor([3.0, 4.0], requires_grad=True)
n = x.norm()
n.backward()
print(n, x.grad)
y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
c = torch.cumsum(y, dim=0)
c.sum().backward()
print(c, y.grad)
