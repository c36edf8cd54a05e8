import torch
import torch.nn as nn
torch.manual_seed(5)
bn = nn.BatchNorm1d(3)
print(bn)
x = torch.randn(6, 3, requires_grad=True) * 2 + 1
y = bn(x)
print(y)
print(y.grad_fn)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
y.pow(2).sum().backward()
print(bn.weight.grad, bn.bias.grad.abs() < 1e-5)
for _ in range(3):
    bn(torch.randn(4, 3))
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(torch.randn(2, 3)))
print(bn.state_dict().keys())
