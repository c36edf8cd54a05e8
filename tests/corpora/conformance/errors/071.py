import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
z = x * y
z.sum().backward()
print(x.grad, y.grad)
z.sum().backward()
