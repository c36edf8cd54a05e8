import torch


class NoneGrads(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x.clone(), x.clone()

    @staticmethod
    def backward(ctx, g1, g2):
        print("received", g1, g2)
        if g1 is None:
            return g2
        if g2 is None:
            return g1
        return g1 + g2


class ZeroGrads(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone(), x.clone()

    @staticmethod
    def backward(ctx, g1, g2):
        print("received", g1, g2)
        return g1 + g2


x = torch.ones(2, requires_grad=True)
a, b = NoneGrads.apply(x)
a.sum().backward()
print(x.grad)
a, b = ZeroGrads.apply(x)
(3 * b).sum().backward()
print(x.grad)
