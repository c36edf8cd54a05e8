import torch

x = torch.tensor([2.0, 2.0, 1.0], requires_grad=True)
x.max().backward()
print(x.grad)
x.grad = None
v, i = x.max(dim=0)
v.backward()
print(i, x.grad)
