import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
torch.set_grad_enabled(False)
y = x * 2
print(y.requires_grad)
torch.set_grad_enabled(True)
z = x * 2
print(z.requires_grad)
with torch.set_grad_enabled(False):
    print((x * 2).requires_grad)
