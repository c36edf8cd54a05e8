import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.AdamW([w], weight_decay=-0.1)
print('not reached')
