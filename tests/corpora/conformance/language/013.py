import torch

xs = torch.tensor([1.0, 2.0, 3.0])
ys = torch.tensor([2.0, 4.0, 6.5])
total = 0.0
for x, y in zip(xs, ys):
    total += (y - 2 * x) ** 2
print(total)
print(type(total))
print(isinstance(total, torch.Tensor))
