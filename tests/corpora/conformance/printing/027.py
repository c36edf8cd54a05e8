import torch

x = torch.ones(2, 3)
print(f"shape={x.shape} dtype={x.dtype}")
print([torch.float32, torch.float64, torch.int64, torch.bool])
print(x.size(), tuple(x.shape), x.shape[0] * x.shape[1])
print(torch.Size([2, 3]) == x.shape)
