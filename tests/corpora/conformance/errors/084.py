import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.detach()
z = x * x
y.mul_(2)
print(x)
z.sum().backward()
