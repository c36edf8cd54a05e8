import torch

x = torch.tensor([1.0, 2.0, 3.0])
print(x.requires_grad)
x.requires_grad_()
print(x.requires_grad)
y = x.exp().sum()
y.backward()
print(x.grad)
