import torch

x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
y = torch.logsumexp(x, dim=1)
print(y)
y.sum().backward()
print(x.grad)
