import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.clone().detach()
print(y.requires_grad)
y.add_(5)
print(x, y)
z = x.detach().clone().requires_grad_(True)
print(z, z.is_leaf)
