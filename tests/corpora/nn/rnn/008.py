import torch
import torch.nn as nn
torch.manual_seed(7)
lstm = nn.LSTM(3, 2, dtype=torch.float64)
x = torch.randn(4, 2, 3, dtype=torch.float64, requires_grad=True)
out, (h, c) = lstm(x)
print(out.grad_fn, h.grad_fn)
print(out)
out.sum().backward()
print(x.grad)
