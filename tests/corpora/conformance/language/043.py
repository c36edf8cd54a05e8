import torch
x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
print(f"{x!r}")
print(*x)
print(*x[0], sep=" | ")
print(str(x.shape), tuple(x.shape), list(x.shape), x.shape == (2, 2), x.shape[-1])
print(len(x), len(x[0]), list(x)[1])
print(x.size(dim=1), x.size()[0], range(x.size(0)))
print(int(x.argmax()), float(x.sum()), round(x.mean().item(), 3))
print(abs(x), -x, +x)
print(sum(x), max(x[0]), min(x[1].tolist()))
m = x > 0
print(~m, m & (x < 4), m | (x < -1))
print(x ** -1, 2 ** x, 1 - x, 3 / x)
for i, row in enumerate(x):
    for j, v in enumerate(row):
        print(i, j, v.item(), f"{v.item():+.1f}")
print(dict(zip(["a", "b"], x[0].tolist())))
print(sorted(x.flatten().tolist()), x.flatten().tolist()[::-1])
print(f"{x.sum().item():.3e}", f"{x[0, 0]}", f"{x[0, 0]:.2f}", "%.2f" % x[0, 0])
print(1.0 in x[0].tolist(), x.dim() == 2 and x.numel() == 4)
t = torch.tensor(3.0)
print(t + 1, 1 + t, t * t, t ** 2, t / 2, 2 / t, t // 2, t % 2, -t, abs(-t))
print(t > 2, t == 3, bool(t), int(t), float(t), t.item())
