import torch

x = torch.tensor([[3.0, 4.0], [0.0, 5.0]], requires_grad=True)
n = torch.linalg.norm(x, dim=1)
print(n)
n.sum().backward()
print(x.grad)
print(torch.linalg.norm(torch.tensor([1.0, 2.0, 2.0])))
