import torch
import torch.nn as nn
torch.manual_seed(6)
model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 1))
for p in model.parameters():
    print(p.flatten().tolist())
print(torch.rand(3).tolist())
