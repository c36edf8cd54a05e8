import torch


class SplitSum(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.sum(), (x * x).sum()

    @staticmethod
    def backward(ctx, grad_sum, grad_sq):
        x, = ctx.saved_tensors
        return grad_sum + 2 * x * grad_sq


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
s, q = SplitSum.apply(x)
print(s, q, s.grad_fn is q.grad_fn)
q.backward()
print(x.grad)
x.grad = None
s, q = SplitSum.apply(x)
(s + 10 * q).backward()
print(x.grad)
