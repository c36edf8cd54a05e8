import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x.mean(dim=1, keepdim=True)
print(y)
z = (x - y) ** 2
z.sum().backward()
print(z)
print(x.grad)
