import torch

x = torch.tensor([[0.0], [1.0], [2.0], [3.0]])
y = torch.tensor([[0.0], [0.0], [1.0], [1.0]])
w = torch.tensor([[0.5]], requires_grad=True)
b = torch.tensor([0.0], requires_grad=True)
for i in range(50):
    p = torch.sigmoid(x @ w + b)
    loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        b -= 0.5 * b.grad
    w.grad.zero_()
    b.grad.zero_()
    if i % 10 == 9:
        print(f"iter {i + 1:3d}  loss {loss.item():.4f}")
print(w.item(), b.item())
