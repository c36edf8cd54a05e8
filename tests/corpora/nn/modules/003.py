import torch
import torch.nn as nn
torch.manual_seed(2)
net = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Sequential(nn.Linear(3, 3), nn.ReLU()), nn.Linear(3, 1))
for name, m in net.named_modules():
    print(repr(name), m)
print(list(net.modules())[2])
print([name for name, _ in net.named_children()])
print([n for n, _ in net.named_parameters()])
print(net.state_dict().keys())
