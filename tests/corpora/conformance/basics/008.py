import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
print(y, y.requires_grad)
z = x * 3
print(z.requires_grad)
print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
