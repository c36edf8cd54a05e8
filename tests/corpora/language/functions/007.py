import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return 2 * x * grad_out


x = torch.tensor([3.0, -1.0], requires_grad=True)
y = Square.apply(x)
dx, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(dx, dx.grad_fn)
ddx, = torch.autograd.grad(dx.sum(), x, create_graph=True)
print(ddx)
z = Square.apply(Square.apply(x))
g, = torch.autograd.grad(z.sum(), x, create_graph=True)
h, = torch.autograd.grad(g.sum(), x)
print(z, g, h)
