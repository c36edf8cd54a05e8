import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.Adam([w], betas=(0.9, 1.0))
print('not reached')
