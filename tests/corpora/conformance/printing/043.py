import torch

print(torch.tensor([-1e-5, 1e5]))
print(torch.tensor([-1.0, 1e-4]))
print(torch.tensor([[1e-3, -2e4], [5.0, 6.0]]))
print(torch.tensor([0.5, 1e8], dtype=torch.float64))
