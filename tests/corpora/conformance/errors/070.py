import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
for step in range(2):
    loss = (w ** 2).sum()
    loss.backward()
    w -= 0.1 * w.grad
