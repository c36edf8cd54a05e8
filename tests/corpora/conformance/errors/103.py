import torch

print(torch.dot(torch.ones(2, 2), torch.ones(2, 2)))
