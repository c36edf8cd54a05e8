import torch

torch.manual_seed(0)
X = torch.arange(12.0).view(6, 2) / 10
y = X[:, 0] * 2 - X[:, 1]
w = torch.zeros(2, requires_grad=True)
for epoch in range(2):
    perm = torch.randperm(6)
    print("order", perm.tolist())
    for start in range(0, 6, 3):
        idx = perm[start:start + 3]
        loss = ((X[idx] @ w - y[idx]) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= 0.5 * w.grad
        w.grad.zero_()
print(w)
