import torch

print(torch.arange(2000))
print(torch.arange(10000).view(100, 100))
print(torch.tensor([1, 2, 3]) * 1000000000)
