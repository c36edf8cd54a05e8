import torch

x = torch.tensor([1.0, 4.0, 9.0], requires_grad=True)
y = torch.sqrt(x)
print(y)
y.sum().backward()
print(x.grad)
z = x.pow(0.5)
print(z.grad_fn)
