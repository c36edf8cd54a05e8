import torch

x = torch.tensor([-1.7, -0.5, 0.5, 2.3], requires_grad=True)
print(torch.abs(x), torch.sign(x))
print(torch.floor(x), torch.ceil(x), torch.round(x))
y = torch.log1p(x.abs()) + torch.expm1(x)
y.sum().backward()
print(x.grad)
