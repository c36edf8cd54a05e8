import torch

torch.manual_seed(0)
w1 = torch.randn(2, 4, requires_grad=True)
w2 = torch.randn(4, 1, requires_grad=True)
x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
losses = []
for it in range(30):
    h = torch.tanh(x @ w1)
    out = torch.sigmoid(h @ w2)
    loss = ((out - y) ** 2).mean()
    losses.append(loss.item())
    loss.backward()
    with torch.no_grad():
        w1 -= 0.5 * w1.grad
        w2 -= 0.5 * w2.grad
        w1.grad.zero_()
        w2.grad.zero_()
print(f"first {losses[0]:.5f} last {losses[-1]:.5f}")
print(out.detach())
