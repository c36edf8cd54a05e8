import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
torch.autograd.grad(x * 2, x)
