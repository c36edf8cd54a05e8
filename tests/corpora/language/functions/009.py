import torch


class AddOneInplace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
c = AddOneInplace.apply(b)
print(c is b, c, b.grad_fn, b._version)
c.sum().backward()
print(a.grad)
try:
    AddOneInplace.apply(a)
except RuntimeError as e:
    print(e)
