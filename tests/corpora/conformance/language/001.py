import torch as t

x = t.tensor([1.0, 2.0, 3.0], requires_grad=True)
for i, v in enumerate(x):
    print(i, v)
for a, b in zip(x, x * 2):
    print(a.item(), b.item())
