import torch

print(torch.tensor([True, True, False]).sum(), torch.tensor([True, False]).sum().dtype)
print(torch.tensor([1.0, 2.0], dtype=torch.float64).mean())
print(torch.tensor([1, 2, 3]).cumsum(0), torch.tensor([1, 2, 3]).cumsum(0).dtype)
print(torch.tensor([[1, 2], [3, 4]]).sum(dim=0), torch.tensor([[1, 2], [3, 4]]).max(dim=1))
