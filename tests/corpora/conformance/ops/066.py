import torch

x = torch.arange(24.0).view(2, 3, 4).requires_grad_()
y = x.softmax(dim=0)
print(y[:, 0, 0])
z = x.mean(dim=(0, 2), keepdim=True)
print(z.shape, z.flatten())
(y.sum() + z.sum()).backward()
print(x.grad[1])
