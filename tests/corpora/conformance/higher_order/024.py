import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 4
dy = torch.autograd.grad(y, x, create_graph=True)[0]
d2y = torch.autograd.grad(dy, x, create_graph=True)[0]
print(dy, d2y)
print(d2y.grad_fn, d2y.grad_fn.next_functions)
d2y.backward()
print(x.grad)
