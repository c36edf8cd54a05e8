import torch

print(torch.tensor([1.0, 2.5, -3.25]))
print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([0.001, 1000.0]))
print(torch.tensor([1e-8, 1.0]))
print(torch.tensor([123456789.0]))
print(torch.tensor(3.14159))
