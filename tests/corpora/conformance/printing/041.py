import torch

x = torch.ones(2, 2, requires_grad=True)
y = x + 2
print(y)
print(x.grad)
print(repr(x))
print(str(y.grad_fn)[:13])
print([x])
