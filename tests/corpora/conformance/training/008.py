import torch

x = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([1.0, 3.0, 5.0])
w = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
print("before:", w, b)
for epoch in range(3):
    loss = torch.mean((w * x + b - y) ** 2)
    loss.backward()
    print(f"epoch={epoch} loss={loss.item():.4f} dw={w.grad.item():.4f} db={b.grad.item():.4f}")
    w.data -= 0.1 * w.grad.data
    b.data -= 0.1 * b.grad.data
    w.grad.data.zero_()
    b.grad.data.zero_()
print("after:", w, b)
