import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(f"Using device: {device}")
x = torch.linspace(-torch.pi, torch.pi, 200, device=device)
y = torch.sin(x)
a = torch.zeros((), device=device, requires_grad=True)
b = torch.zeros((), device=device, requires_grad=True)
c = torch.zeros((), device=device, requires_grad=True)
d = torch.zeros((), device=device, requires_grad=True)
learning_rate = 1e-3
for t in range(300):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum()
    if t % 100 == 99:
        print(t, round(loss.item(), 3))
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
print(f"Result: y = {a.item():.3f} + {b.item():.3f} x + {c.item():.3f} x^2 + {d.item():.3f} x^3")
