import torch

x = torch.ones(2, 3, requires_grad=True)
y = x.unsqueeze(1).expand(2, 4, 3)
print(y.shape)
z = y * torch.arange(4.0).view(1, 4, 1)
z.sum().backward()
print(x.grad)
