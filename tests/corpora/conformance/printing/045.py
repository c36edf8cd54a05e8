import torch

x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print(x * 2)
print((x * 2).sum())
print(x.float() * 2)
print(torch.tensor(3, dtype=torch.int32), torch.tensor(True), torch.tensor(2.5, dtype=torch.float64))
