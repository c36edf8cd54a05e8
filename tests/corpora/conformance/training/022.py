import torch

torch.manual_seed(10)
x = torch.linspace(0, 1, 8).unsqueeze(1)
y = 2 * x + 1 + 0.1 * torch.randn(8, 1)
w = torch.randn(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(201):
    loss = ((x @ w + b - y) ** 2).mean()
    w.grad = None
    b.grad = None
    loss.backward()
    with torch.no_grad():
        w.sub_(0.3 * w.grad)
        b.sub_(0.3 * b.grad)
    if epoch % 100 == 0:
        print(f"epoch {epoch:3d}: loss={loss.item():.6f}, w={w.item():.4f}, b={b.item():.4f}")
