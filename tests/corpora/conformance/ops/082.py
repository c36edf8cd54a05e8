import torch
x = torch.tensor([1.2345, -2.5551, 0.125], requires_grad=True)
y = x.round(decimals=2)
print(y, torch.round(x, decimals=1), x.round(decimals=-1))
y.sum().backward()
print(x.grad)
print(torch.tensor([1234.5]).round(decimals=-2), torch.tensor([0.5, 1.5, 2.5]).round())
