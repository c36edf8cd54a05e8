import torch

print(torch.arange(2000.0))
print(torch.ones(30, 30))
