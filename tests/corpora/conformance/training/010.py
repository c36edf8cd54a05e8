import torch

params = torch.tensor([0.0, 0.0], requires_grad=True)
def rosen(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
for i in range(5):
    loss = rosen(params)
    loss.backward()
    with torch.no_grad():
        params -= 0.001 * params.grad
    params.grad = None
    print(i, f"{loss.item():.6f}", params)
