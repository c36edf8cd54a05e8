import torch

x = torch.tensor([3.0], requires_grad=True)
y = x * 2
y.backward()
print(x.grad)
x.grad.requires_grad_(True)
print(x.grad.requires_grad)
y = torch.tensor([1.0]) + 1
y.requires_grad_()
z = y * 2
z.requires_grad_(False)
