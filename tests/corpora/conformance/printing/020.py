import torch

torch.set_printoptions(linewidth=40)
print(torch.arange(20.0))
torch.set_printoptions(profile="default")
print(torch.arange(20.0) / 3)
print(torch.eye(3))
print(torch.full((2, 2), 3), torch.full((2,), 3.0))
