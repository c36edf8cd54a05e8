import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([1.0, 2.0], requires_grad=True)
z = (x * 2).sum()
torch.autograd.grad(z, [x, y])
