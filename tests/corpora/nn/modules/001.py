import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2), nn.Softmax(dim=1))
print(model)
print(len(model), model[0], model[-1])
print(model[1:3])
for name, p in model.named_parameters():
    print(name, p.shape, p.requires_grad)
print([type(m) for m in model.children()][0])
print(type(model), type(model[0].weight))
print(sum(p.numel() for p in model.parameters()))
