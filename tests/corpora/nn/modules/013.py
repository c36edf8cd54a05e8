import torch
import torch.nn as nn
torch.manual_seed(11)
net = nn.Sequential(nn.Linear(2, 2))
net.head = nn.Linear(2, 1)
net.scale = nn.Parameter(torch.tensor(2.0))
net.plain = torch.ones(1)
print(net)
print([n for n, _ in net.named_parameters()])
print(net.state_dict().keys())
net.register_buffer('counter', torch.zeros(1))
print(list(net.state_dict().keys()))
print([n for n, _ in net.named_buffers()])
print(net.head.weight.shape)
