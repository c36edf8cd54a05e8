import torch


class MulConstant(torch.autograd.Function):
    @staticmethod
    def forward(ctx, tensor, constant):
        ctx.constant = constant
        return tensor * constant

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, None


x = torch.ones(3, requires_grad=True)
y = MulConstant.apply(x, 5.0)
print(y, y.grad_fn.needs_input_grad, y.grad_fn.next_functions)
y.sum().backward()
print(x.grad)
