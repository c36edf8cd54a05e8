import torch

x = torch.arange(12.).reshape(3, 4)
row_sums = {i: row.sum().item() for i, row in enumerate(x)}
print(row_sums)
positive = {int(v) for v in x.flatten() if v > 5}
print(sorted(positive))
