import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.Adagrad([w], lr_decay=-1)
print('not reached')
