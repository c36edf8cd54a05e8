import torch
import torch.nn as nn
torch.manual_seed(1)
conv1 = nn.Conv2d(1, 6, 5)
conv2 = nn.Conv2d(6, 16, 5)
fc1 = nn.Linear(16 * 5 * 5, 120)
fc2 = nn.Linear(120, 84)
fc3 = nn.Linear(84, 10)
print(conv1.weight[0].tolist())
print(conv1.bias.tolist())
print(conv2.weight[15, 5].tolist(), conv2.bias.tolist())
print(fc1.weight[::30, ::100].tolist())
print(fc3.weight[9].tolist(), fc3.bias.tolist())
