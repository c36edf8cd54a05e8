import torch

x = torch.tensor([-3.0, -0.5, 0.5, 3.0], requires_grad=True)
y = torch.clamp(x, min=-1.0, max=1.0)
print(y)
y.sum().backward()
print(x.grad)
print(x.clamp(min=0))
