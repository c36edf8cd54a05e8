# a minibatch training loop in float64: a seeded shuffle each epoch, SGD with momentum, an elementwise model
import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
torch.set_printoptions(precision=17)
x = torch.randn(64, 3, dtype=torch.float64)
y = 2 * x - 1 + 0.1 * torch.randn(64, 3, dtype=torch.float64)
loader = DataLoader(TensorDataset(x, y), batch_size=8, shuffle=True)
w = torch.zeros(8, 3, dtype=torch.float64, requires_grad=True)
b = torch.zeros(8, 3, dtype=torch.float64, requires_grad=True)
optimizer = torch.optim.SGD([w, b], lr=0.05, momentum=0.9)
for epoch in range(30):
    for features, targets in loader:
        optimizer.zero_grad()
        loss = ((features * w + b - targets) ** 2).mean()
        loss.backward()
        optimizer.step()
    if epoch % 10 == 9:
        print(epoch, w[0].tolist(), b[0].tolist())
print(w[:2])
print(b[:2])
