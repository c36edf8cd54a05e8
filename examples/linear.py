# Fit y = 2x + 1 by gradient descent: backward, a step under no_grad, and zeroing the grads.
import torch

x = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
y = 2 * x + 1
w = torch.zeros(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)

step = 0
while step < 5:
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    print(step, loss)
    with torch.no_grad():
        w -= 0.05 * w.grad
        b -= 0.05 * b.grad
    w.grad.zero_()
    b.grad.zero_()
    step += 1

print(w)
print(b)
print(loss.grad_fn, w.is_leaf, loss.is_leaf)
