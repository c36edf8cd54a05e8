import torch

u = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
d = torch.dot(u, w)
print(d)
d.backward()
print(u.grad, w.grad)
print((u @ w).grad_fn)
