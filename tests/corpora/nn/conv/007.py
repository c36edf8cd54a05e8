import torch
import torch.nn as nn

# BatchNorm2d and BatchNorm3d: per-channel statistics over batch and space, running averages, eval mode
torch.manual_seed(0)
bn = nn.BatchNorm2d(3)
print(bn, nn.BatchNorm3d(2, momentum=None, affine=False))
x = (torch.randn(4, 3, 5, 5) * 2 + 1).requires_grad_()
y = bn(x)
print(y[0, :, 0, :2], y.grad_fn, bn.running_mean, bn.running_var, bn.num_batches_tracked)
(y * torch.arange(75.).view(3, 5, 5)).sum().backward()
print(x.grad[1, :, 2, :3], bn.weight.grad, bn.bias.grad)
bn.eval()
print(bn(x)[2, :, 1, 1])
print(list(bn.state_dict().keys()))
b3 = nn.BatchNorm3d(2, momentum=None)
z = torch.randn(2, 2, 2, 3, 3, dtype=torch.float64)
b3.double()
print(b3(z)[1, :, 0, 0], b3.running_var, b3(z * 2)[0, 1, 1, 2], b3.running_mean)
net = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU())
print(net(torch.randn(2, 1, 4, 4)).sum(dim=(2, 3)))
bn.train()
bn(torch.ones(2, 3, 4))
