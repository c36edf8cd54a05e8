import torch


class SortValues(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, indices = x.sort()
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(indices)
        return values, indices

    @staticmethod
    def backward(ctx, grad_values, grad_indices):
        indices, = ctx.saved_tensors
        grad = torch.zeros_like(grad_values)
        grad[indices] = grad_values
        return grad


x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
v, i = SortValues.apply(x)
print(v, i, i.requires_grad, i.grad_fn)
(v * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad)
