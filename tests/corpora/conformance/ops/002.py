import torch

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0], requires_grad=True)
y = torch.relu(x)
print(y)
y.sum().backward()
print(x.grad)
