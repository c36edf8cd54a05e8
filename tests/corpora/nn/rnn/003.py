import torch
import torch.nn as nn
torch.manual_seed(2)
gru = nn.GRU(4, 6, num_layers=2, batch_first=True, bidirectional=True)
print(gru)
print([n for n, _ in gru.named_parameters()])
x = torch.randn(3, 5, 4, requires_grad=True)
out, h = gru(x)
print(out.shape, h.shape, out.grad_fn, h.grad_fn)
print(out[0, -1])
(out.sum() + h.pow(2).sum()).backward()
print(x.grad[1])
print(gru.weight_hh_l1_reverse.grad[:2])
