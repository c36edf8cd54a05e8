import torch

print(torch.tensor([0.125, 0.375, 2.5, 0.00005]))
print(torch.tensor([1.0 / 3, 2.0 / 3]))
print(torch.tensor([12345.678, 0.5]))
print(torch.tensor([-0.00012, 3.0]))
print(torch.tensor([1.5e-5, 2.5e-5]))
