import torch

x = torch.ones(2, requires_grad=True)
with torch.enable_grad():
    y = x * 2
print(y.requires_grad)
with torch.no_grad():
    with torch.enable_grad():
        z = x * 2
    w = x * 2
print(z.requires_grad, w.requires_grad)
