import torch
import torch.nn as nn
torch.manual_seed(4)
model = nn.Sequential(nn.Linear(3, 6), nn.BatchNorm1d(6), nn.ReLU(), nn.Linear(6, 1))
x = torch.randn(16, 3)
y = x.sum(1, keepdim=True) ** 2
for step in range(50):
    loss = nn.functional.mse_loss(model(x), y)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.05 * p.grad
    if step % 10 == 0:
        print(step, f"{loss.item():.5f}")
print(model[1].running_mean, model[1].running_var, model[1].num_batches_tracked)
model.eval()
print(model(x[:3]))
