import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
v = torch.tensor([1.0, 0.1, 0.01])
g = torch.autograd.grad(y, x, grad_outputs=v)
print(g)
