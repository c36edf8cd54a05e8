import torch

x = torch.tensor([0.5, 1.5, 2.5], requires_grad=True)
y = torch.exp2(x) + torch.log2(x) + torch.log10(x)
print(y)
y.sum().backward()
print(x.grad)
print(torch.rsqrt(x), torch.sinh(x), torch.cosh(x))
