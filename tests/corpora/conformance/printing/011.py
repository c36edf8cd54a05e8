import torch

x = torch.tensor([1e-10, 1e10, -5.0])
print(x)
print(torch.tensor([1e20, 2.0]))
print(torch.tensor([0.0, -0.0, 1.0]))
print(torch.tensor([float("inf"), float("-inf"), float("nan"), 1.0]))
