import torch

torch.set_printoptions(threshold=5)
print(torch.arange(10.0))
print(torch.arange(20).view(4, 5))
torch.set_printoptions(threshold=1000, edgeitems=2)
print(torch.arange(2000.0))
