import torch

print(torch.tensor([True, False, True]))
print(torch.tensor([True, True]))
print(torch.tensor([1.0, 2.0]) > 1.5)
print(torch.zeros(2, 2, dtype=torch.bool))
