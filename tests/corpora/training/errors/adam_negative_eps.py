import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.Adam([w], eps=-1e-8)
print('not reached')
