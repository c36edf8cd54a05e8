import torch; torch.manual_seed(0)  # edit: seed
import torch
from torch import nn

net = nn.Sequential(nn.LazyLinear(8),
                    nn.ReLU(),
                    nn.LazyLinear(1))

X = torch.rand(size=(2, 4))
print(net(X).shape)  # edit: the cell's shown value

print(net[2].state_dict())  # edit: the cell's shown value

print(type(net[2].bias), net[2].bias.data)  # edit: the cell's shown value

print(net[2].weight.grad == None)  # edit: the cell's shown value

print([(name, param.shape) for name, param in net.named_parameters()])  # edit: the cell's shown value

# We need to give the shared layer a name so that we can refer to its
# parameters
shared = nn.LazyLinear(8)
net = nn.Sequential(nn.LazyLinear(8), nn.ReLU(),
                    shared, nn.ReLU(),
                    shared, nn.ReLU(),
                    nn.LazyLinear(1))

net(X)
# Check whether the parameters are the same
print(net[2].weight.data[0] == net[4].weight.data[0])
net[2].weight.data[0, 0] = 100
# Make sure that they are actually the same object rather than just having the
# same value
print(net[2].weight.data[0] == net[4].weight.data[0])
