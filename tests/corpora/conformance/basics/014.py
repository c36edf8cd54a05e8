import torch

a = torch.ones(2, 2, requires_grad=True)
b = a + 2
c = b * b * 3
out = c.mean()
print(b.grad_fn)
print(c.grad_fn)
print(out.grad_fn)
out.backward()
print(a.grad)
