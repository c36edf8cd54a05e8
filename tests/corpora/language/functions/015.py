import torch


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Exp.apply(x)
y.sum().backward()
try:
    y.grad_fn.saved_tensors
except RuntimeError as e:
    print("freed:", e)
y = Exp.apply(x)
y.mul_(2)
y.sum().backward()
