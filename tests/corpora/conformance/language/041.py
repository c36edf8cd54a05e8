import torch

x = torch.tensor([1.0, 2.0, 3.0])
print(x[0] == 1, x[0] == 1.0, x[0].item() == 1)
total = 0
for v in x.tolist():
    total += v
print(total, type(total))
count = sum(1 for v in x if v > 1)
print(count)
print(list(map(float, x)))
print([int(v) for v in x * 2])
