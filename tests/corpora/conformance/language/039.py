import torch

data = [(1.0, 2.0), (2.0, 4.1), (3.0, 5.9)]
w = torch.tensor(0.0, requires_grad=True)
for epoch in range(2):
    for xi, yi in data:
        loss = (w * xi - yi) ** 2
        loss.backward()
        with torch.no_grad():
            w -= 0.05 * w.grad
        w.grad.zero_()
    print(f"epoch {epoch}: w = {w.item():.5f}")
