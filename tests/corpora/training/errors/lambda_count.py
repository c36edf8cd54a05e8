import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.optim.lr_scheduler.LambdaLR(torch.optim.SGD([{'params': [w]}, {'params': [torch.ones(1, requires_grad=True)]}], lr=0.1), [abs])
print('not reached')
