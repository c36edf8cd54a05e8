import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.broadcast_to(x, (2, 3))
print(y, y.grad_fn)
t = torch.tile(x, (2,))
print(t)
(y.sum() + t.sum()).backward()
print(x.grad)
