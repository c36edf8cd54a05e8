import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.sigmoid()
y.mul_(2)
print(y.grad_fn)
y.sum().backward()
