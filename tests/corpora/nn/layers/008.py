import torch
import torch.nn as nn
torch.manual_seed(7)
b = nn.Bilinear(3, 2, 4)
print(b)
x1 = torch.randn(5, 3)
x2 = torch.randn(5, 2)
y = b(x1, x2)
print(y, y.grad_fn)
y.sum().backward()
print(b.weight.grad[0], b.bias.grad)
print(nn.Bilinear(2, 2, 1, bias=False))
