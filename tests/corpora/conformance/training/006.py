import torch

x = torch.linspace(-1, 1, 5)
y = 3 * x ** 2 - x + 0.5
a = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
c = torch.zeros(1, requires_grad=True)
for step in range(100):
    pred = a * x ** 2 + b * x + c
    loss = ((pred - y) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        for p in [a, b, c]:
            p -= 0.05 * p.grad
            p.grad.zero_()
print(f"a={a.item():.2f} b={b.item():.2f} c={c.item():.2f}")
print(round(loss.item(), 4))
