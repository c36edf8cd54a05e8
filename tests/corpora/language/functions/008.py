import torch
from torch.autograd.function import once_differentiable


class OnceSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return 2 * x * grad_out


x = torch.tensor([3.0, -1.0], requires_grad=True)
y = OnceSquare.apply(x)
y.sum().backward()
print(x.grad)
g, = torch.autograd.grad(OnceSquare.apply(x).sum(), x, create_graph=True)
print(g, g.requires_grad)
w = torch.ones(2, requires_grad=True)
out = OnceSquare.apply(x)
g, = torch.autograd.grad(out, x, grad_outputs=w, create_graph=True)
print(g.requires_grad)
g.sum().backward()
