import torch

xs = torch.tensor([1.0, 2.0, 3.0])
ys = torch.tensor([10.0, 20.0, 30.0])
for i, (a, b) in enumerate(zip(xs, ys)):
    print(i, a.item() + b.item())
pairs = [(1, "a"), (2, "b")]
for n, (k, v) in enumerate(pairs, start=1):
    print(n, k, v)
