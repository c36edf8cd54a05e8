import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0])
y = torch.tensor([2.0, 4.0, 6.0, 8.0])
w = torch.tensor(0.0, requires_grad=True)
lr = 0.01
for epoch in range(5):
    y_pred = w * x
    loss = ((y_pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
    w.grad.zero_()
    print(f"epoch {epoch + 1}: w = {w.item():.3f}, loss = {loss.item():.8f}")
