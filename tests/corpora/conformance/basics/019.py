import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
z = (x * y).sum()
gx, gy = torch.autograd.grad(z, [x, y])
print(gx, gy)
print(x.grad, y.grad)
