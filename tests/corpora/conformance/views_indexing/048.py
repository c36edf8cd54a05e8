import torch

x = torch.arange(6.0).view(2, 3).requires_grad_()
r0, r1 = x.unbind()
print(r0.grad_fn)
(r0 * r1).sum().backward()
print(x.grad)
