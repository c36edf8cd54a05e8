"""Records tests/hostile/cumprod_zeros.txt with torch: cumprod backward on rows with several zeros (x, grad,
dim, x.grad per line). Run with a Python that has torch 2.13."""

import torch
torch.manual_seed(0)
for shape, dim in [((7,), 0), ((3, 6), 1), ((5, 4), 0), ((2, 3, 5), 2)]:
    x = torch.randn(*shape, dtype=torch.float64)
    x.view(-1)[::3] = 0
    x.view(-1)[4] = 0
    x.requires_grad_()
    g = torch.randn(*shape, dtype=torch.float64)
    x.cumprod(dim).backward(g)
    print(repr(x.detach().tolist()), repr(g.tolist()), dim, repr(x.grad.tolist()))
