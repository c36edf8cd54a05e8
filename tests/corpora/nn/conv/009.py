# adaptive pooling, 1d and 2d: values, indices, grad_fn names (MeanBackward1 for a (1, 1) average), backward and double backward
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(1, 2, 5, 7, requires_grad=True)
for m in [nn.AdaptiveAvgPool2d((1, 1)), nn.AdaptiveAvgPool2d(1), nn.AdaptiveAvgPool2d((2, 3)), nn.AdaptiveAvgPool2d((None, 3)),
          nn.AdaptiveMaxPool2d((1, 1)), nn.AdaptiveMaxPool2d((2, 3)), nn.AdaptiveMaxPool2d(3, return_indices=True)]:
    print(m)
    y = m(x)
    if isinstance(y, tuple):
        print(y[1]); y = y[0]
    print(y.grad_fn, y.shape)
    print(y)
    y.sum().backward() if False else (y * torch.arange(y.numel()).view(y.shape)).sum().backward()
    print(x.grad)
    x.grad = None
z = torch.randn(2, 3, 10, requires_grad=True)
for f in [lambda t: F.adaptive_avg_pool1d(t, 4), lambda t: F.adaptive_max_pool1d(t, 4), lambda t: nn.AdaptiveAvgPool1d(1)(t), lambda t: F.adaptive_max_pool1d(t, 3, return_indices=True)[1]]:
    r = f(z)
    print(r.grad_fn, r)
print(nn.AdaptiveAvgPool1d(4), nn.AdaptiveMaxPool1d(2), nn.AdaptiveMaxPool1d(2, return_indices=True))
print(F.adaptive_avg_pool2d(torch.randn(3, 4, 4), 2).grad_fn, F.adaptive_avg_pool2d(torch.randn(3, 4, 4), 2).shape)
print(F.adaptive_max_pool2d(x, 2).grad_fn)
print(F.adaptive_max_pool2d(x, 2, True)[0].grad_fn)
# double backward: the backward nodes' names, and the gradient of a gradient
y = F.adaptive_avg_pool2d(x, (2, 3))
g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
print(g.grad_fn, g.grad_fn.next_functions[0][0].name())
g.sum().backward()
print(x.grad)
x.grad = None
y = F.adaptive_max_pool2d(x, (2, 3))
g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
print(g.grad_fn)
g.sum().backward()
print(x.grad)
n = torch.tensor([[[[1.0, float('nan'), 3.0], [float('nan'), 0.0, -1.0]]]])
print(F.adaptive_max_pool2d(n, (1, 2), return_indices=True), F.adaptive_avg_pool2d(torch.arange(12.).view(1, 3, 4), (2, 3)))
print(F.adaptive_avg_pool2d(torch.arange(24., dtype=torch.float64).view(1, 4, 6), (3, 4)))
for f in [lambda: F.adaptive_avg_pool2d(torch.ones(4, 4), 2), lambda: F.adaptive_max_pool2d(torch.ones(4, 4), 2), lambda: F.adaptive_avg_pool1d(torch.ones(4), 2), lambda: F.adaptive_max_pool1d(torch.ones(4), 2), lambda: F.adaptive_avg_pool2d(torch.ones(1, 0, 4), 2)]:
    try:
        f()
    except RuntimeError as e:
        print(e)
