import torch

x = torch.tensor([[3.0, 4.0], [6.0, 8.0]], requires_grad=True)
print(x.norm(dim=1))
print(torch.norm(x, p=1))
n = x.norm(dim=0)
n.sum().backward()
print(x.grad)
