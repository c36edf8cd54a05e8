import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
y = torch.randn(4, 3)
for loss_fn in (nn.MSELoss(), nn.MSELoss(reduction='sum'), nn.L1Loss(), nn.L1Loss(reduction='none'), nn.SmoothL1Loss(),
                nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(), nn.HuberLoss(delta=0.3, reduction='sum')):
    loss = loss_fn(x, y)
    g, = torch.autograd.grad(loss.sum(), x)
    print(loss_fn, loss)
    print(g)
