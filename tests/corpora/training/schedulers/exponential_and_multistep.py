# ExponentialLR and MultiStepLR over two parameter groups
import torch
from torch.optim.lr_scheduler import ExponentialLR, MultiStepLR

a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
optimizer = torch.optim.Adam([{"params": [a]}, {"params": [b], "lr": 0.3}], lr=0.01)
exponential = ExponentialLR(optimizer, gamma=0.9)
for epoch in range(25):
    optimizer.step()
    exponential.step()
    print(epoch, exponential.get_last_lr())
sgd = torch.optim.SGD([a], lr=1.0)
multistep = MultiStepLR(sgd, milestones=[3, 8, 8, 15], gamma=0.1)
for epoch in range(20):
    sgd.step()
    multistep.step()
    print(epoch, multistep.get_last_lr(), multistep.last_epoch)
