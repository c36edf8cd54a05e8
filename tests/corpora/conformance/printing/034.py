import torch

print(torch.tensor([], dtype=torch.int64))
print(torch.tensor([]))
print(torch.tensor([1, 2], dtype=torch.int32), torch.tensor([1.0], dtype=torch.float16))
print(torch.tensor([1.5, 2.5], dtype=torch.float64).sum())
print(torch.tensor(3, dtype=torch.float64), torch.tensor([True]).sum())
