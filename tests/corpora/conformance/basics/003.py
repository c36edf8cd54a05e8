import torch

x = torch.ones(3, requires_grad=True)
y = (x + 1) * 2
z = y.sum()
print(z.grad_fn)
print(z.grad_fn.next_functions)
print(z.grad_fn.next_functions[0][0].next_functions)
print(y.grad_fn.next_functions[0][0].next_functions)
