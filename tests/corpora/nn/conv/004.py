import torch
import torch.nn as nn
torch.manual_seed(3)
x = torch.randn(1, 2, 6, 6, requires_grad=True)
for pool in (nn.MaxPool2d(2), nn.MaxPool2d(3, stride=2, padding=1), nn.MaxPool2d((2, 3), ceil_mode=True),
             nn.AvgPool2d(2), nn.AvgPool2d(3, stride=2, padding=1), nn.AvgPool2d(3, 2, 1, count_include_pad=False),
             nn.AvgPool2d(2, ceil_mode=True, divisor_override=3)):
    y = pool(x)
    g, = torch.autograd.grad((y * y).sum(), x)
    print(pool)
    print(y, y.grad_fn)
    print(g[0, 1])
out, idx = nn.MaxPool2d(2, return_indices=True)(x)
print(idx)
