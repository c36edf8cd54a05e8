import torch

x = torch.tensor([-1.0, 0.0, 1.0, 2.0], requires_grad=True)
y = torch.clamp(x, -0.5, 1.0) * torch.sigmoid(x) + torch.tanh(x) ** 2
print(y)
y.sum().backward()
print(x.grad)
