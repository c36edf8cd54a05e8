import torch

x = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([2.0, 4.0, 6.0])
w = torch.tensor(0.0, requires_grad=True)
velocity = torch.tensor(0.0)
for step in range(4):
    loss = ((w * x - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        velocity = 0.9 * velocity + w.grad
        w -= 0.05 * velocity
        w.grad.zero_()
    print(f"step {step}: w={w.item():.4f} loss={loss.item():.4f}")
