import torch
import torch.nn as nn
torch.manual_seed(3)
net = nn.Sequential(nn.Linear(3, 4), nn.Dropout(0.2), nn.BatchNorm1d(4), nn.Linear(4, 1))
print(net.training, net[1].training)
net.eval()
print(net.training, net[1].training, net[2].training)
net.train()
print(net.training, net[2].training)
net.train(False)
print(net[0].training)
print(net.train() is net)
print(net.eval() is net)
