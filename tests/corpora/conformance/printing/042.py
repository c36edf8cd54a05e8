import torch

x = torch.tensor([123.5, -0.25, 6.0])
torch.set_printoptions(precision=1)
print(x)
torch.set_printoptions(precision=0)
print(x)
torch.set_printoptions(precision=4, threshold=3, edgeitems=1)
print(torch.arange(10.0), torch.eye(4))
