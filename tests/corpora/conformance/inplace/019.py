import torch

w = torch.tensor([1.0, -1.0], requires_grad=True)
x = torch.tensor([2.0, 3.0])
for _ in range(3):
    loss = (w * x).sum() ** 2
    loss.backward()
    w.data = w.data - 0.01 * w.grad.data
    w.grad.data.zero_()
    print(w.data, loss.item())
