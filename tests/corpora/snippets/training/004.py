# a hidden layer trained by hand: tanh, matmul and an f-string report
import torch

torch.manual_seed(0)
X = torch.linspace(-1, 1, 6).reshape(6, 1)
Y = X ** 2
W1 = torch.randn(1, 4, requires_grad=True)
W2 = torch.randn(4, 1, requires_grad=True)
params = [W1, W2]
for it in range(1, 31):
    h = torch.tanh(X @ W1)
    out = h @ W2
    loss = ((out - Y) ** 2).mean()
    for p in params:
        p.grad = None
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 0.2 * p.grad
    if it % 10 == 0:
        print(f"iter {it:3d} loss {loss.item():.4f}")
