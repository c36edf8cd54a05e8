import torch
import torch.nn as nn
torch.manual_seed(0)
rnn = nn.RNN(10, 20, 2)
print(rnn)
input = torch.randn(5, 3, 10)
h0 = torch.randn(2, 3, 20)
output, hn = rnn(input, h0)
print(output.shape, hn.shape)
print(output[-1, 0], output.grad_fn, hn.grad_fn)
print(hn[1, 2])
