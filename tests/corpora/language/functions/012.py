import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * grad


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Cube.apply(x)
print(y, y.grad_fn)
y.sum().backward()
print(x.grad)
