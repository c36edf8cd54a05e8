import torch

torch.manual_seed(1)
X = torch.rand(8, 3)
W = torch.randn(3, 2, requires_grad=True)
target = torch.tensor([0, 1, 1, 0, 1, 0, 0, 1])
for epoch in range(3):
    logits = X @ W
    probs = torch.softmax(logits, dim=1)
    loss = -torch.log(probs[torch.arange(8), target]).mean()
    loss.backward()
    with torch.no_grad():
        W -= 1.0 * W.grad
        W.grad.zero_()
    print(f"epoch {epoch}: loss={loss:.4f}")
print(W)
