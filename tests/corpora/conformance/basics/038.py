import torch

x = torch.tensor(2.0, requires_grad=True)
a = x * 3
b = x ** 2
c = a * b
d = a + b
out = c + d
out.backward()
print(out, x.grad)
print(out.grad_fn.next_functions)
