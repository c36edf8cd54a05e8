import torch


class LinearFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


torch.manual_seed(0)
inp = torch.randn(4, 3)
weight = torch.randn(2, 3, requires_grad=True)
bias = torch.randn(2, requires_grad=True)
out = LinearFunction.apply(inp, weight, bias)
print(out)
print(out.grad_fn.needs_input_grad)
out.pow(2).sum().backward()
print(weight.grad, bias.grad, inp.grad)
ref = (inp.mm(weight.t()) + bias).pow(2).sum()
gw, gb = torch.autograd.grad(ref, (weight, bias))
print(torch.allclose(gw, weight.grad), torch.allclose(gb, bias.grad))
print(LinearFunction.apply(inp, weight).shape)
