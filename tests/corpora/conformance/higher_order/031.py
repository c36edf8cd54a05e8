import torch
import torch.nn.functional as F
x = torch.tensor([0.5, 1.5], requires_grad=True)
fs = [torch.tanh, torch.sigmoid, torch.log, torch.sqrt, torch.exp, torch.sin, torch.cos, torch.relu, torch.abs, F.softplus, F.gelu, F.silu, F.elu, torch.reciprocal, torch.rsqrt, torch.log1p, torch.expm1, torch.atan, torch.square]
for f in fs:
    g, = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    print(g.grad_fn, g.grad_fn.next_functions if g.grad_fn is not None else None)
y = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
def sm(t):
    return t.softmax(1)
def lsm(t):
    return t.log_softmax(1)
def mm(t):
    return t @ t
def nrm(t):
    return t.norm()
def mx(t):
    return t.max()
def sq(t):
    return (t * t).sum(1)
def sd(t):
    return t.std()
def pr(t):
    return t.prod()
for f in [sm, lsm, mm, nrm, torch.mean, mx, sq, sd, pr]:
    g, = torch.autograd.grad(f(y).sum(), y, create_graph=True)
    print(g.grad_fn)
