import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    w.sub_(0.5)
print(w)
print(w.requires_grad, w.is_leaf)
(w * w).sum().backward()
print(w.grad)
