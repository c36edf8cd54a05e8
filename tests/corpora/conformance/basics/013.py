import torch

x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0)
z = x * y
print(z.grad_fn)
for fn, idx in z.grad_fn.next_functions:
    print(fn, idx)
