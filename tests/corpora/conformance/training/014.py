import torch

torch.manual_seed(2)
X = torch.randn(4, 3)
Y = torch.randn(4, 2)
W = torch.zeros(3, 2, requires_grad=True)
for epoch in range(100):
    loss = ((X @ W - Y) ** 2).sum() / 4
    W.grad = None
    loss.backward()
    with torch.no_grad():
        W -= 0.1 * W.grad
    if epoch in (0, 1, 99):
        print("epoch %d loss %.6f" % (epoch, loss.item()))
