import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 0.5], requires_grad=True)
z = x ** y
print(z)
z.sum().backward()
print(x.grad)
print(y.grad)
print(z.grad_fn)
