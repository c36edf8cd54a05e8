import torch


class Tanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.tanh()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, g):
        y, = ctx.saved_tensors
        return g * (1 - y * y)


torch.manual_seed(0)
x = torch.randn(5, dtype=torch.float64, requires_grad=True)
y = Tanh.apply(x)
print(torch.allclose(y, x.tanh()))
g1, = torch.autograd.grad(y.sum(), x, create_graph=True)
g2, = torch.autograd.grad(x.tanh().sum(), x, create_graph=True)
print(torch.allclose(g1, g2))
h1, = torch.autograd.grad(g1.sum(), x)
h2, = torch.autograd.grad(g2.sum(), x)
print(torch.allclose(h1, h2), h1)
