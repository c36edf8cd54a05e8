import torch

a = torch.ones(2, 3)
b = torch.ones(3)
print(torch.mv(a, b))
torch.mv(a, torch.ones(2))
