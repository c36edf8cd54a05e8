import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.SGD([{'params': [w]}, {'params': [w]}], lr=0.1)
print('not reached')
