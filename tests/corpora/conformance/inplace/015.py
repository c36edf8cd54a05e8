import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
with torch.no_grad():
    x.add_(1)
print(x)
y.sum().backward()
