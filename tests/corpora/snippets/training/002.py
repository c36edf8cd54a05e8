# a two-parameter least-squares fit in matrix form
import torch

A = torch.tensor([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
y = torch.tensor([1.0, 3.0, 5.0, 7.0])
theta = torch.zeros(2, requires_grad=True)
for i in range(200):
    r = A @ theta - y
    loss = (r * r).sum() / 4
    loss.backward()
    with torch.no_grad():
        theta -= 0.1 * theta.grad
        theta.grad.zero_()
print("theta:", theta)
print("loss: %.6f" % loss.item())
