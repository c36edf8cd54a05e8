import torch

x = torch.arange(6).view(2, 3)
print(x.tolist(), x[0].tolist(), x[0, 0].tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor([1.5, 2.25]).tolist())
print(torch.tensor(0.1, dtype=torch.float64).item(), torch.tensor(0.1).item())
