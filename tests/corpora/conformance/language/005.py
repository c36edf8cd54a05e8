import torch

losses = []
for step in range(4):
    x = torch.tensor(float(step), requires_grad=True)
    y = x ** 2 + 1
    y.backward()
    losses.append(round(y.item(), 1))
    print(f"step={step:02d} y={y.item():6.2f} grad={x.grad.item():+.1f}")
print(losses, sum(losses), max(losses))
