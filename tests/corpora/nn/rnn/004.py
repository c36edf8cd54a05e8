import torch
import torch.nn as nn
torch.manual_seed(3)
lstm = nn.LSTM(2, 4, num_layers=2, bidirectional=True)
x = torch.randn(6, 3, 2, requires_grad=True)
out, (h, c) = lstm(x)
print(out.shape, h.shape, c.shape)
print(out.grad_fn, h.grad_fn, c.grad_fn)
print(out.grad_fn.next_functions[0][0])
loss = out.mean() + c.abs().sum()
loss.backward()
print(x.grad[:, 0])
print(lstm.weight_ih_l0.grad)
print(lstm.bias_hh_l1_reverse.grad)
