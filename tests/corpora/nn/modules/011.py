import torch
import torch.nn as nn
layers = nn.ModuleList([nn.Linear(4, 4) for i in range(3)])
print(layers)
layers.append(nn.ReLU())
layers.append(nn.ReLU())
print(layers)
print(len(layers), layers[0])
mixed = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 3)])
print(mixed)
print(nn.ModuleList())
print(len(list(mixed.parameters())))
seq = nn.Sequential(*[nn.Linear(3, 3) for i in range(4)])
print(seq)
