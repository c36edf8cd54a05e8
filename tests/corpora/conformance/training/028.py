import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y = torch.tensor([[1.0], [0.0], [1.0]])
W = torch.tensor([[0.1], [-0.1]], requires_grad=True)
b = torch.tensor([0.0], requires_grad=True)
loss = torch.tensor(1.0)
epoch = 0
while loss.item() > 0.6 and epoch < 200:
    p = torch.sigmoid(x @ W + b)
    loss = torch.nn.functional.binary_cross_entropy(p, y)
    loss.backward()
    with torch.no_grad():
        W -= 0.05 * W.grad
        b -= 0.05 * b.grad
        W.grad.zero_()
        b.grad.zero_()
    epoch += 1
print(epoch, round(loss.item(), 4))
print(W.t(), b)
