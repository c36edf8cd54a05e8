import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.exp(x).sum(dim=1).log()
print(y)
y.sum().backward()
print(x.grad)
print(torch.exp(torch.tensor(1.0)), torch.log(torch.tensor(10.0)))
