# logistic regression on a tiny dataset
import torch

x = torch.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 2.0]])
t = torch.tensor([0.0, 0.0, 1.0, 1.0])
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(51):
    p = torch.sigmoid(x @ w + b)
    loss = -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()
    loss.backward()
    with torch.no_grad():
        w.sub_(0.5 * w.grad)
        b.sub_(0.5 * b.grad)
    w.grad = None
    b.grad = None
    if step % 10 == 0:
        print("step", step, "loss", round(loss.item(), 4))
print(w, b)
