import torch

x = torch.arange(9.0).view(3, 3)
print(x.diag())
print(x.tril())
print(x.triu(1))
print(x[torch.tensor([True, False, True])])
