import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
y.retain_grad()
z = y.sum()
z.backward()
print(x.grad)
print(y.grad)
print(y.is_leaf, y.retains_grad)
