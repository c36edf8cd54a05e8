import torch
import torch.nn as nn
torch.manual_seed(2)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.25), nn.Linear(16, 2))
x = torch.randn(5, 8)
print(model(x))
print(model(x))
model.eval()
a = model(x)
b = model(x)
print(torch.equal(a, b) if False else (a - b).abs().max())
print(a)
