import torch
import torch.nn as nn
torch.manual_seed(6)
lstm = nn.LSTM(2, 3)
x = torch.randn(4, 1, 2, requires_grad=True)
out, (h, c) = lstm(x)
g, = torch.autograd.grad(out.sum() + c.sum(), x, create_graph=True)
print(g)
(g ** 2).sum().backward()
print(x.grad)
print(lstm.weight_hh_l0.grad)
