import torch
import torch.nn as nn
torch.manual_seed(0)
drop = nn.Dropout(p=0.5)
print(drop)
x = torch.ones(4, 6, requires_grad=True)
y = drop(x)
print(y)
print(y.grad_fn, y.grad_fn.next_functions)
y.sum().backward()
print(x.grad)
drop.eval()
z = drop(x)
print(z is x, z)
