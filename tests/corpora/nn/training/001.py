import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.linspace(-1, 1, 20).view(-1, 1)
y = 3 * x + 0.5 + 0.1 * torch.randn(20, 1)
model = nn.Linear(1, 1)
loss_fn = nn.MSELoss()
for epoch in range(100):
    pred = model(x)
    loss = loss_fn(pred, y)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.1 * p.grad
    if epoch % 20 == 0:
        print(epoch, f"{loss.item():.6f}")
print(model.weight, model.bias)
