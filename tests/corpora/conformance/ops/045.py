import torch

x = torch.tensor([0.1, 0.5, 0.9], requires_grad=True)
y = torch.atan(x) + torch.asin(x) + torch.tan(x)
print(y)
y.sum().backward()
print(x.grad)
