import torch

a2 = torch.ones(2, 3, requires_grad=True)
b2 = torch.ones(3, 2)
v = torch.ones(3, requires_grad=True)
a3 = torch.ones(4, 2, 3, requires_grad=True)
b3 = torch.ones(4, 3, 2)
print((a2 @ b2).grad_fn, (v @ v).grad_fn, (a2 @ v).grad_fn, (v @ b2).grad_fn)
print((a3 @ b3).grad_fn, (a3 @ b2).grad_fn, torch.mm(a2, b2).grad_fn)
print((v @ b2).grad_fn.next_functions)
