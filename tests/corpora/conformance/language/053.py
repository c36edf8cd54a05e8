import torch


def make_data(n):
    x = torch.linspace(0, 1, n)
    return x, 3 * x + 1


def train(x, y, steps=50, lr=0.5):
    w = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    for step in range(steps):
        loss = ((w * x + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    return w, b, loss


def main():
    x, y = make_data(5)
    w, b, loss = train(x, y)
    print(f"w={w.item():.3f} b={b.item():.3f} loss={loss.item():.2e}")


if __name__ == "__main__":
    main()
