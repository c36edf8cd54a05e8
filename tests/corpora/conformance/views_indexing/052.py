import torch

x = torch.tensor([[5.0, 1.0, 3.0], [2.0, 8.0, 0.0]], requires_grad=True)
vals, idx = x.sort(dim=1, descending=True)
print(vals, idx)
top2 = x.topk(2, dim=1)
print(top2)
(vals[:, 0].sum() + top2.values[:, 1].sum()).backward()
print(x.grad)
