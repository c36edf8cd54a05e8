import torch

x = torch.ones(2, 3)
print(x.t().shape)
x.t().view(6)
