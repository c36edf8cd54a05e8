import torch

x = torch.tensor([3.0, -1.0, 0.5], requires_grad=True)
y = torch.clamp(x, max=1.0)
z = torch.clamp(x, min=-0.5)
print(y, z)
(y + z).sum().backward()
print(x.grad)
print(y.grad_fn, z.grad_fn)
