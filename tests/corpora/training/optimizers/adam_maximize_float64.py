# adam_maximize_float64: 200 steps, parameters at full precision
import torch

torch.manual_seed(6)
torch.set_printoptions(precision=17)
x = torch.randn(37, dtype=torch.float64)
y = torch.randn(37, dtype=torch.float64)
w = torch.randn(37, dtype=torch.float64, requires_grad=True)
b = torch.zeros(37, dtype=torch.float64, requires_grad=True)
optimizer = torch.optim.Adam([w, b], lr=0.005, maximize=True)
print(optimizer)
for step in range(200):
    optimizer.zero_grad()
    loss = -((w * x - y) ** 2 + 0.1 * (w * w - b) ** 2 + 0.5 * (b * b) * (b * b)).sum()
    loss.backward()
    optimizer.step()
    if step % 50 == 49:
        print(step + 1, w.tolist())
        print(b.tolist())
print(w)
print(b)
