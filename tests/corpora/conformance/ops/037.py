import torch

A = torch.ones(4, 2, 3, requires_grad=True)
B = torch.ones(4, 3, 5, requires_grad=True)
C = torch.bmm(A, B)
print(C.shape, C.grad_fn)
C.sum().backward()
print(A.grad[0], B.grad.shape)
