import torch

x = torch.tensor([[1.0, 1.0], [1.0, 2.0], [2.0, 2.0], [2.0, 3.0]])
y = torch.tensor([6.0, 8.0, 9.0, 11.0])
theta = torch.zeros(3, requires_grad=True)
X = torch.cat([torch.ones(4, 1), x], dim=1)
for it in range(500):
    residual = X @ theta - y
    loss = 0.5 * (residual ** 2).mean()
    loss.backward()
    with torch.no_grad():
        theta -= 0.1 * theta.grad
        theta.grad.zero_()
print(theta)
print(f"{loss.item():.6f}")
