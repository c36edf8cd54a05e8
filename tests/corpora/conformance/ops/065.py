import torch

x = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]], requires_grad=True)
m, i = x.max(dim=1, keepdim=True)
print(m, i)
(m * 2).sum().backward()
print(x.grad)
print(torch.mean(x ** 2, dim=0))
