import torch

print(torch.arange(1200).view(2, 600))
print(torch.ones(4, 300, 2))
