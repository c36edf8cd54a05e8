import torch

x = torch.tensor([[1.0, -1.0], [2.0, 0.5]], requires_grad=True)
y = torch.mean(x, 0, True)
print(y)
z = x.sum(0, keepdim=True)
print(z)
(y * z).sum().backward()
print(x.grad)
