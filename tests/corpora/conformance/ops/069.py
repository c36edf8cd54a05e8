import torch

x = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
y = torch.sin(x) ** 2 + torch.cos(x) ** 2
print(y)
y.sum().backward()
print(x.grad)
print(torch.sin(torch.tensor(3.14159265)), torch.cos(torch.tensor([0.0, 1.5708])))
