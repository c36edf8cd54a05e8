import torch; torch.manual_seed(0)  # edit: seed
import torch
print(dir(torch.distributions))

print(help(torch.ones))  # edit: the cell's shown value

print(torch.ones(4))  # edit: the cell's shown value
