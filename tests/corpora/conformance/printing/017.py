import torch

torch.manual_seed(0)
print(torch.randn(3, 3))
print(torch.rand(2, 4))
print(torch.randint(0, 10, (5,)))
print(torch.randn(2, dtype=torch.float64))
