import torch

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([[0.0, 1.0], [1.0, 0.0]])
c = torch.addmm(torch.ones(2), a, b)
print(c)
d = torch.mm(a, b).trace()
print(d)
(c.sum() + d).backward()
print(a.grad)
