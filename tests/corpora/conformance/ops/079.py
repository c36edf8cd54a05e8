import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([2.0, 2.0, 2.0], requires_grad=True)
print(torch.add(x, y, alpha=2), torch.sub(x, y, alpha=0.5))
z = torch.mul(x, y) + torch.div(x, y) - torch.pow(x, 2)
z.sum().backward()
print(z)
print(x.grad, y.grad)
