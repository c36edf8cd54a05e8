import torch


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, k):
        return a * k

    @staticmethod
    def backward(ctx, g):
        return g


x = torch.ones(3, requires_grad=True)
Bad.apply(x, 2.0).sum().backward()
