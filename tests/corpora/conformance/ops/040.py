import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = 1 / x
print(y)
y.sum().backward()
print(x.grad)
z = torch.log(x)
print(z)
