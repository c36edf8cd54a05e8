import torch

torch.manual_seed(7)
data = torch.randn(6, 2)
labels = (data[:, 0] + data[:, 1] > 0).float()
print(labels)
w = torch.zeros(2, requires_grad=True)
for epoch in range(4):
    z = data @ w
    loss = torch.nn.functional.binary_cross_entropy_with_logits(z, labels)
    loss.backward()
    with torch.no_grad():
        w -= w.grad
    w.grad.zero_()
    print(f"{epoch}: {loss.item():.4f}")
