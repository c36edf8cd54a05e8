import torch

vals = [torch.tensor(float(i)) for i in range(5)]
total = torch.stack(vals).sum()
print(total)
squares = [v ** 2 for v in vals if v > 1]
print(squares)
print(len(squares))
