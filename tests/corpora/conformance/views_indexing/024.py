import torch

x = torch.arange(6.0).reshape(2, 3)
a, b = x.unbind(0)
print(a, b)
for row in x:
    print(row.sum())
print(x[0][1], x[0][1].item())
