import torch

f = torch.tensor([1.0, 2.0])
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
i = torch.tensor([1, 2])
print((f + d).dtype, (f + i).dtype, (i + 2.5).dtype, (i * 2).dtype)
print((f * 2).dtype, (d + 1).dtype, (i > 1).dtype, (i / i).dtype)
print(f + i, d + i)
