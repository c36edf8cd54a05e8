import torch
from torch.autograd import gradcheck


class WrongSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return 3 * x * grad


x = torch.tensor([1.0, 2.0], dtype=torch.double, requires_grad=True)
print(gradcheck(WrongSquare.apply, (x,), raise_exception=False))
try:
    gradcheck(WrongSquare.apply, (x,))
except RuntimeError as e:
    print(type(e))
    print(e)
