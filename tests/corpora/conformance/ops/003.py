import torch

x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
y = torch.tanh(x)
print(y)
y.sum().backward()
print(x.grad)
s = torch.sigmoid(x)
print(s)
