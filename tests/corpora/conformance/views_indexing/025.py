import torch

x = torch.arange(12.0).view(3, 4).requires_grad_()
print(x.narrow(1, 1, 2))
s = torch.index_select(x, 0, torch.tensor([2, 0]))
print(s)
s.sum().backward()
print(x.grad)
