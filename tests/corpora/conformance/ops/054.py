import torch

x = torch.tensor([-2.0, 0.0, 2.0], requires_grad=True)
y = x.abs()
y.sum().backward()
print(x.grad)
x.grad = None
z = torch.relu(x) + torch.clamp(x, min=0)
z.sum().backward()
print(x.grad)
