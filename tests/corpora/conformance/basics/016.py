import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * x
print(y.requires_grad)
z = y.detach()
z2 = z * x
z2.backward()
print(x.grad)
