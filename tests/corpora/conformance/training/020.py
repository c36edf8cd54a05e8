import torch

x = torch.tensor([0.0, 1.0, 2.0, 3.0])
y = torch.tensor([1.0, 3.0, 5.0, 7.0])
m = torch.tensor(0.0, requires_grad=True)
c = torch.tensor(0.0, requires_grad=True)
print("step |    m    |    c    |  loss")
for step in range(0, 200):
    loss = ((m * x + c - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        m -= 0.05 * m.grad
        c -= 0.05 * c.grad
    m.grad = None
    c.grad = None
    if step % 50 == 0:
        print(f"{step:4d} | {m.item():7.4f} | {c.item():7.4f} | {loss.item():.5f}")
