# sgd_maximize_float64: 200 steps, parameters at full precision
import torch

torch.manual_seed(3)
torch.set_printoptions(precision=17)
x = torch.randn(37, dtype=torch.float64)
y = torch.randn(37, dtype=torch.float64)
w = torch.randn(37, dtype=torch.float64, requires_grad=True)
b = torch.zeros(37, dtype=torch.float64, requires_grad=True)
optimizer = torch.optim.SGD([w, b], lr=0.03, momentum=0.5, maximize=True)
print(optimizer)
for step in range(200):
    optimizer.zero_grad()
    loss = -((w * x + b - y) ** 2).sum()
    loss.backward()
    optimizer.step()
    if step % 50 == 49:
        print(step + 1, w.tolist())
        print(b.tolist())
print(w)
print(b)
