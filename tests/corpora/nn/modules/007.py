import torch
import torch.nn as nn
torch.manual_seed(6)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
seen = []
def init_weights(m):
    seen.append(m)
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        m.bias.data.fill_(0.01)
print(net.apply(init_weights) is net)
print(seen)
print(net[0].weight)
print(net[2].bias)
