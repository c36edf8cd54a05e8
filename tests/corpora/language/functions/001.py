import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


x = torch.tensor([-1.0, 0.5, 2.0, -3.0], requires_grad=True)
y = MyReLU.apply(x)
print(y)
print(y.grad_fn)
print(y.grad_fn.name(), type(y.grad_fn), y.grad_fn.next_functions)
(y * torch.arange(4.0)).sum().backward()
print(x.grad)
