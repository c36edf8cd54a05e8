import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
m = x.mean()
s = x.std(dim=1)
v = x.var(dim=0, unbiased=False)
print(m, s, v)
(m + s.sum() + v.sum()).backward()
print(x.grad)
