import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp()
y.data.add_(1)
print(y)
y.sum().backward()
print(x.grad)
