import torch; torch.manual_seed(0)  # edit: seed
import torch
import torch.nn as nn

def getnet(in_features,out_features):
    net=nn.Sequential(
    nn.Linear(in_features,256),
    nn.ReLU(),
    nn.Linear(256,out_features))
    
    return net

net=getnet(20,10)

for name,param in net.named_parameters():
    print(name,param.shape)

def init_weights(m):
    print("Init",m)
    
net.apply(init_weights)

print(net[0].weight)
print(net[2].weight)

x=torch.rand((2,20))
y=net(x) # Forward computation
for name,param in net.named_parameters():
    print(name,param.shape)

net1=nn.Sequential()
net1.add_module("Linear1",nn.Linear(20,256))
net1.add_module("Linear2",nn.Linear(256,10))
print(net1)

def init_weights_forced(m):
    if type(m) == nn.Linear:
        torch.nn.init.xavier_uniform_(m.weight)

net1.apply(init_weights_forced)
for name,param in net1.named_parameters():
    print(name,param.shape)
