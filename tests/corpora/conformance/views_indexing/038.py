import torch

x = torch.arange(6.0, requires_grad=True)
y = x.view(2, 3)
print(y.grad_fn, y.grad_fn.next_functions)
z = y.t()
print(z.is_contiguous())
w = z.reshape(6)
print(w, w.grad_fn)
w.sum().backward()
print(x.grad)
