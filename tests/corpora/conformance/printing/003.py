import torch

x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
print(x)
print(x * 1.5)
print(torch.tensor([0.1, 0.2], dtype=torch.float64) + 0.3)
print(torch.zeros(2, dtype=torch.double, requires_grad=True))
