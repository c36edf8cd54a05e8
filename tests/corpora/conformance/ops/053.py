import torch

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = a.t() * a
c = (a + b) / (a - 0.5)
c.mean().backward()
print(c)
print(a.grad)
