import torch

torch.manual_seed(0)
print(torch.randperm(6))
print(torch.normal(0.0, 1.0, (3,)))
print(torch.rand(4) < 0.5)
print(torch.randint(5, (2, 3)))
print(torch.randn(2, 2).dtype, torch.randint(0, 3, (2,)).dtype)
