import torch
import torch.nn as nn
torch.manual_seed(5)
net = nn.Sequential(nn.Linear(3, 2), nn.Linear(2, 1))
net.requires_grad_(False)
print([p.requires_grad for p in net.parameters()])
net[1].requires_grad_()
print([p.requires_grad for p in net.parameters()])
y = net(torch.ones(1, 3))
print(y)
y.backward()
print(net[0].weight.grad, net[1].weight.grad)
