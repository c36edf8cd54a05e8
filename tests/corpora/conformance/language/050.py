import torch

x = torch.ones(2)
print(x.foo)
