import torch; torch.manual_seed(0)  # edit: seed
# edit: notebook magic: %matplotlib inline
import torch
pass  # edit: plotting removed

x = torch.arange(-8.0,8.0,0.1)
x.requires_grad_(True)
y = torch.sigmoid(x)
y.backward(torch.ones_like(x))

with torch.no_grad():
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed

M = torch.rand(4,4)
print('A single matrix \n',M)
for i in range(100):
    M = torch.mm(M,torch.randn(4,4))
print('After multiplying 100 matrices\n',M)

conv1 = torch.nn.Conv2d(2,2,1)
print(torch.nn.init.xavier_uniform_(conv1.weight))  # edit: the cell's shown value

import torch.nn as nn
def init_weights(m):
    if type(m) == nn.Linear:
        torch.nn.init.xavier_uniform_(m.weight)
        m.bias.data.fill_(0.01)

net = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 2))
print(net.apply(init_weights))  # edit: the cell's shown value
