import torch
import torch.nn as nn
torch.manual_seed(4)
model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm1d(8) if False else nn.ReLU(), nn.MaxPool2d(2),
                      nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AvgPool2d(2), nn.Flatten(), nn.Linear(16 * 4 * 4, 10))
x = torch.randn(4, 3, 16, 16)
labels = torch.tensor([1, 0, 3, 9])
loss_fn = nn.CrossEntropyLoss()
lr = 0.1
for step in range(3):
    logits = model(x)
    loss = loss_fn(logits, labels)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
    print(step, loss.item())
print(model(x).argmax(1))
