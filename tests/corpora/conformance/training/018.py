import torch
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(6, 4)
y = torch.tensor([0, 2, 1, 2, 0, 1])
W = torch.zeros(4, 3, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
for epoch in range(5):
    logits = X @ W + b
    loss = F.cross_entropy(logits, y)
    loss.backward()
    with torch.no_grad():
        W -= 0.5 * W.grad
        b -= 0.5 * b.grad
    W.grad.zero_()
    b.grad.zero_()
    acc = (logits.argmax(dim=1) == y).float().mean()
    print(f"epoch {epoch} loss {loss.item():.4f} acc {acc.item():.2f}")
