import torch

t = torch.tensor(5.0)
print(t)
t[0]
