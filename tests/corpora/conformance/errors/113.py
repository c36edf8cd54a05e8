import torch

print(torch.zeros(2, 3).expand(2, 3, 4))
