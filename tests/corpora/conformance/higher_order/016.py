import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 2
out = torch.autograd.grad(y, x, torch.ones_like(y), retain_graph=True)
print(out)
out2 = torch.autograd.grad(y.sum(), x)
print(out2[0])
