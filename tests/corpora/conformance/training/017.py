import torch

w = torch.tensor([3.0, 4.0], requires_grad=True)
loss = (w ** 3).sum()
loss.backward()
print(w.grad)
norm = w.grad.norm()
max_norm = 5.0
if norm > max_norm:
    w.grad.mul_(max_norm / norm)
print(norm, w.grad, w.grad.norm())
