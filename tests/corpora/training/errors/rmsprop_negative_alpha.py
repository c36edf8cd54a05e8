import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.RMSprop([w], alpha=-0.5)
print('not reached')
