import torch

print(torch.randint(5, 3, (2,)))
