import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
z = (x * x).sum()
print(torch.autograd.grad(z, x))
torch.autograd.grad(z, x)
