import torch

torch.manual_seed(0)
W1 = torch.randn(3, 5) * 0.5
W1.requires_grad_()
W2 = (torch.randn(5, 2) * 0.5).requires_grad_()
x = torch.randn(4, 3)
target = torch.tensor([0, 1, 1, 0])
for step in range(3):
    h = torch.relu(x @ W1)
    logits = h @ W2
    loss = torch.nn.functional.cross_entropy(logits, target)
    loss.backward()
    print(f"step {step} loss {loss.item():.4f} |dW1| {W1.grad.norm().item():.4f}")
    with torch.no_grad():
        for p in (W1, W2):
            p -= 0.1 * p.grad
            p.grad.zero_()
