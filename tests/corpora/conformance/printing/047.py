import torch

torch.set_printoptions(edgeitems=1)
print(torch.arange(2000.0).view(10, 20, 10))
