import torch
import torch.nn as nn
torch.manual_seed(2)
c = nn.Conv1d(4, 2, 3, padding=1)
print(c)
x = torch.randn(3, 4, 10, requires_grad=True)
y = c(x)
print(y)
y.pow(2).mean().backward()
print(x.grad[0])
print(c.weight.grad)
u = nn.Conv1d(2, 3, 2)(torch.randn(2, 5))
print(u.shape, u.grad_fn)
