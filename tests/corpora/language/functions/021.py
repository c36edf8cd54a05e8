import torch
from torch.autograd import gradcheck, gradgradcheck


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * grad


torch.manual_seed(0)
x = torch.randn(4, dtype=torch.double, requires_grad=True)
print(gradcheck(Cube.apply, (x,), eps=1e-6, atol=1e-4))
print(gradgradcheck(Cube.apply, (x,)))
