import torch
import torch.nn.functional as F

a = torch.ones(2, 2)
b = torch.ones(2, 2, dtype=torch.float64)
print(a.dtype, b.dtype)
print(a @ b)
