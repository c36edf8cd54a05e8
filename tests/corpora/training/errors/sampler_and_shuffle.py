import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.utils.data.DataLoader([1, 2, 3], shuffle=True, sampler=[0, 1, 2])
print('not reached')
