# adagrad_decay_initial: 200 steps, parameters at full precision
import torch

torch.manual_seed(13)
torch.set_printoptions(precision=17)
x = torch.randn(37, dtype=torch.float32)
y = torch.randn(37, dtype=torch.float32)
w = torch.randn(37, dtype=torch.float32, requires_grad=True)
b = torch.zeros(37, dtype=torch.float32, requires_grad=True)
optimizer = torch.optim.Adagrad([w, b], lr=0.2, lr_decay=0.01, weight_decay=0.02, initial_accumulator_value=0.1, eps=1e-8)
print(optimizer)
for step in range(200):
    optimizer.zero_grad()
    loss = ((w * x + b - y) ** 2).sum()
    loss.backward()
    optimizer.step()
    if step % 50 == 49:
        print(step + 1, w.tolist())
        print(b.tolist())
print(w)
print(b)
