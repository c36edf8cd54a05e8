import torch

torch.manual_seed(0)
x = torch.linspace(-3, 3, 101)
y = 0.8 * torch.sigmoid(2.5 * x - 0.5) + 0.05 * x * x - 0.3
w = torch.randn(5, requires_grad=True)
lr = 0.05
for step in range(600):
    pred = w[0] * torch.sigmoid(w[1] * x + w[2]) + w[3] * x * x + w[4]
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        w.grad.zero_()
    if step % 1 == 0:
        print(step, loss.item())
print(w.tolist())
