import torch

x = torch.ones(2, 2)
y = x * 2
y.requires_grad_()
z = (y ** 2).mean()
z.backward()
print(y.grad, y.is_leaf)
print(x.grad)
