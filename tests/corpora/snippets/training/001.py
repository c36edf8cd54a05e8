# linear regression by hand, parameters updated under no_grad
import torch

X = torch.linspace(0, 1, 8)
Y = 3.0 * X + 0.5
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.5
for epoch in range(20):
    pred = w * X + b
    loss = ((pred - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad.zero_()
    if epoch % 5 == 4:
        print(f"epoch {epoch + 1:2d}: loss={loss.item():.5f} w={w.item():.4f} b={b.item():.4f}")
