import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
torch.autograd.grad(y, x, grad_outputs=torch.ones(3))
