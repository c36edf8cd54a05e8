import torch; torch.manual_seed(0)  # edit: seed
import torch
print(dir(torch.tensor))

print(help(torch.ones_like))  # edit: the cell's shown value

x = torch.tensor([[0, 0, 0], [2, 2, 2]], dtype = torch.float)
y = torch.ones_like(x)
print(y)  # edit: the cell's shown value
