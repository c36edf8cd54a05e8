import torch
import torch.nn as nn
torch.manual_seed(0)
for layer in (nn.Linear(3, 2), nn.Linear(1, 1), nn.Linear(10, 7, bias=False), nn.Linear(5, 4, dtype=torch.float64)):
    for name, p in layer.named_parameters():
        print(name, p.flatten().tolist())
