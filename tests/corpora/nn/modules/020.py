import torch
import torch.nn as nn
import torch.nn.functional as F
from collections import OrderedDict

torch.manual_seed(0)

class Scale(nn.Module):
    def __init__(self, size, init=1.0):
        super().__init__()
        self.weight = nn.Parameter(torch.full((size,), init))
        self.register_buffer('steps', torch.zeros(()))
        self.size = size

    def forward(self, x):
        self.steps += 1
        return x * self.weight

    def extra_repr(self):
        return f'size={self.size}'


class Net(nn.Module):
    def __init__(self, hidden=8, p=0.25):
        super().__init__()
        self.body = nn.Sequential(OrderedDict([
            ('fc1', nn.Linear(4, hidden)),
            ('act', nn.ReLU()),
            ('drop', nn.Dropout(p)),
            ('fc2', nn.Linear(hidden, hidden)),
        ]))
        self.scale = Scale(hidden, 0.5)
        self.heads = nn.ModuleDict({'a': nn.Linear(hidden, 2), 'b': nn.Linear(hidden, 3)})
        self.blocks = nn.ModuleList([nn.Linear(hidden, hidden) for _ in range(2)])

    def forward(self, x, head='a'):
        x = self.scale(self.body(x))
        for block in self.blocks:
            x = F.relu(block(x)) + x
        return self.heads[head](x)


net = Net()
print(net)
print(net.body.fc1)
print([n for n, _ in net.named_parameters()])
print(list(net.state_dict().keys()))
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_buffers()])
x = torch.randn(3, 4)
out = net(x)
print(out)
print(net(x, 'b').shape, net.scale.steps)
net.eval()
print(net(x))
def init(m):
    if isinstance(m, nn.Linear):
        nn.init.zeros_(m.bias)
net.apply(init)
print(net.heads['b'].bias)
for p in net.body.parameters():
    p.requires_grad_(False)
print(sum(p.numel() for p in net.parameters() if p.requires_grad))
loss = net(x).pow(2).sum()
loss.backward()
print(net.body.fc1.weight.grad, net.scale.weight.grad)
sd = net.state_dict()
net2 = Net()
print(net2.load_state_dict(sd))
net2.eval()
print((net2(x) - net(x)).abs().max())
print(isinstance(net, nn.Module), isinstance(net.scale, Scale), type(net.scale))
