import torch
import torch.nn as nn
torch.manual_seed(12)
model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1))
model.double()
print(model[0].weight.dtype)
print(model(torch.ones(2, 3, dtype=torch.float64)))
model.float()
print(model[1].bias.dtype)
print(model.to(torch.float64)[0].weight.dtype)
print(model.to('cpu') is model, model.cpu() is model)
