import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(2)
data = torch.randn(60, 4)
labels = (data[:, 0] + data[:, 1] > 0).long() + (data[:, 2] > 1).long()
model = nn.Sequential(nn.Linear(4, 16), nn.LayerNorm(16), nn.GELU(), nn.Dropout(0.1), nn.Linear(16, 3))
for epoch in range(30):
    model.train()
    for i in range(0, 60, 20):
        xb, yb = data[i:i + 20], labels[i:i + 20]
        loss = F.cross_entropy(model(xb), yb, label_smoothing=0.1)
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p.add_(p.grad, alpha=-0.2)
    if epoch % 10 == 9:
        model.eval()
        with torch.no_grad():
            acc = (model(data).argmax(1) == labels).float().mean()
        print(epoch, round(loss.item(), 4), acc.item())
