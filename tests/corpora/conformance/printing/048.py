import torch

print(torch.tensor([float("nan"), 1e10, 1.0]))
print(torch.tensor([float("inf"), 0.5]))
x = torch.tensor([1.0, float("nan")])
print(x == x, torch.isnan(x))
print(torch.tensor([1.0, 2.0]) / 0, torch.tensor([0.0]) / 0)
