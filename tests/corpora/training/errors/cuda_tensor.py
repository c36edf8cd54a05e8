import torch

w = torch.ones(3, requires_grad=True)
print('before')
w.to('cuda')
print('not reached')
