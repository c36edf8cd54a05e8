import torch; torch.manual_seed(0)  # edit: seed
import torch
import torch.nn as nn

net = nn.Sequential()
net.add_module('Linear_1', nn.Linear(20, 256, bias = False))
net.add_module('relu', nn.ReLU())
net.add_module('Linear_2', nn.Linear(256, 10, bias = False))

# the init_weights function initializes the weights of our multi-layer perceptron 

def init_weights(m):
    if type(m) == nn.Linear:
        torch.nn.init.xavier_uniform_(m.weight)

# the net.apply() applies the above stated initialization of weights to our net        

net.apply(init_weights) 

x = torch.randn(2,20)   #initialing a random tensor of shape (2,20)
print(net(x))  # edit: the cell's shown value

print(net[0].parameters)
print(net[1].parameters)
print(net[2].parameters)

print(net[0].bias)

print(net.Linear_1.weight)
print(net[0].weight)

print(net[0].weight.grad)

print(net[0].state_dict) # parameters only for first layer
print(net.state_dict) # parameters for entire network

print(net.state_dict()['Linear_1.weight'])  # edit: the cell's shown value

def block1():
    net = nn.Sequential(nn.Linear(16, 32),
                        nn.ReLU(),
                        nn.Linear(32, 16),
                        nn.ReLU())
    return net

def block2():
    net = nn.Sequential()
    for i in range(4):
        net.add_module('block'+str(i), block1())
    return net    
        
rgnet = nn.Sequential()
rgnet.add_module('model',block2())
rgnet.add_module('Last_linear_layer', nn.Linear(16,10))
rgnet.apply(init_weights)
x = torch.randn(2,16)
print(rgnet(x))  # edit: the cell's shown value
    

print(rgnet.parameters)
for param in rgnet.parameters():
    print(param.size(), param.dtype) 

print(rgnet[0][1][0].bias.data)  # edit: the cell's shown value

linear1 = nn.Linear(2,5,bias=True)
print(torch.nn.init.normal_(linear1.weight, mean=0, std =0.01))  # edit: the cell's shown value

def init_weight(m):
    if type(m) == nn.Linear:
        torch.nn.init.normal_(m.weight)
        
net = nn.Sequential()
net.add_module('Linear_1', nn.Linear(2, 5, bias = False))
net.add_module('Linear_2', nn.Linear(5, 5, bias = False))

net.apply(init_weight)
print(net.state_dict())

def gaussian_normal(m):
    if type(m) == nn.Linear:
        torch.nn.init.normal_(m.weight)
        
net.apply(gaussian_normal)
print(net[0].weight)

def ones(m):
    if type(m) == nn.Linear:
        torch.nn.init.constant_(m.weight, 1)
        
net.apply(ones)
print(net.state_dict())

block1 = nn.Sequential()
block1.add_module('Linear_1', nn.Linear(2,5,bias=False))
block2 = nn.Sequential()
block2.add_module('Linear_2', nn.Linear(5,5,bias=False))

model = nn.Sequential()
model.add_module('first', block1)
model.add_module('second', block2)

def xavier_normal(m):
    if type(m) == nn.Linear:
        torch.nn.init.xavier_uniform_(m.weight)
def init_42(m):
    if type(m) == nn.Linear:
        torch.nn.init.constant_(m.weight, 42)
              
block1.apply(xavier_normal)
block2.apply(init_42)
print(model.state_dict())

def custom(m):
    torch.nn.init.uniform_(m[0].weight, -10,10)
    for i in range(m[0].weight.data.shape[0]):
        for j in range(m[0].weight.data.shape[1]):
            if m[0].weight.data[i][j]<=5 and m[0].weight.data[i][j]>=-5:
                m[0].weight.data[i][j]=0
    
    
m = nn.Sequential(nn.Linear(5,5,bias=False))
custom(m)
print(m.state_dict())

m[0].weight.data +=1
m[0].weight.data[0][0] = 42
print(m[0].weight.data)  # edit: the cell's shown value

# We need to give the shared layer a name such that we can reference its
# parameters

shared = nn.Sequential()
shared.add_module('linear_shared', nn.Linear(8,8,bias=False))
shared.add_module('relu_shared', nn.ReLU())                  
net = nn.Sequential(nn.Linear(20,8,bias=False),
               nn.ReLU(),
               shared,
               shared,
               nn.Linear(8,10,bias=False))

net.apply(init_weights)

print(net[2][0].weight==net[3][0].weight)
