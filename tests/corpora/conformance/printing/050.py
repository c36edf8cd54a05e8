import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
items = [x.sum(), y.mean(), y[0]]
print(items)
print(tuple(items))
print([t.item() for t in items])
print(torch.tensor([[1.0, 2.0]], requires_grad=True).t())
