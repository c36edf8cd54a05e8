import torch

print(torch.cat([torch.ones(2), torch.ones(2, 2)]))
