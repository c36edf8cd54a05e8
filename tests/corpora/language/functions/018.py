import torch


class Clamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, low, high):
        ctx.save_for_backward(x)
        ctx.low, ctx.high = low, high
        return x.clamp(low, high)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        inside = (x >= ctx.low) & (x <= ctx.high)
        return g * inside, None, None


def clamp(x, low=-1.0, high=1.0):
    return Clamp.apply(x, low, high)


x = torch.linspace(-2, 2, 9, requires_grad=True)
y = clamp(x)
y.sum().backward()
print(y, x.grad)
print(torch.autograd.grad(clamp(x, 0.0, 0.5).sum(), x)[0])
