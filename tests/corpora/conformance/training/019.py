import torch

torch.manual_seed(5)
X = torch.randn(8, 2)
Y = X.sum(dim=1, keepdim=True)
w = torch.zeros(2, 1, requires_grad=True)
for epoch in range(2):
    for xb, yb in zip(X.split(4), Y.split(4)):
        loss = ((xb @ w - yb) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= 0.2 * w.grad
            w.grad.zero_()
        print(epoch, round(loss.item(), 5))
print(w.t())
