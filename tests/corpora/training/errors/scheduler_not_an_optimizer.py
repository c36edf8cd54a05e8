import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.lr_scheduler.StepLR(5, step_size=3)
print('not reached')
