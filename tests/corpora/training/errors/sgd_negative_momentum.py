import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.SGD([w], lr=0.1, momentum=-0.5)
print('not reached')
