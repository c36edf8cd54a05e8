import torch
import torch.nn as nn
torch.manual_seed(13)
m = nn.Linear(4, 3)
print(m.weight.grad_fn, m.weight.is_leaf)
x = torch.randn(2, 4)
y = m(x)
print(y)
print(y.grad_fn)
print(y.grad_fn.next_functions)
z = m(torch.randn(4))
print(z.grad_fn, z.shape)
w = m(torch.randn(2, 5, 4))
print(w.grad_fn, w.shape)
