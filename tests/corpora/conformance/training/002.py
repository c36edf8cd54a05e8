import torch

torch.manual_seed(0)
X = torch.randn(10, 2)
true_w = torch.tensor([2.0, -3.4])
y = X @ true_w + 4.2
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(20):
    loss = ((X @ w + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
    if step % 5 == 0:
        print(step, loss.item())
print(w, b)
