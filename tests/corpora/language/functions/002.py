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


x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = Exp.apply(x)
print(y, y.grad_fn.saved_tensors)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.grad_fn)
g2, = torch.autograd.grad(g.sum(), x)
print(g2)
