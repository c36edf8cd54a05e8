import torch


class WrongShape(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g[:2]


class NotNone(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, k):
        return a * k

    @staticmethod
    def backward(ctx, g):
        return g, g


x = torch.ones(3, requires_grad=True)
try:
    WrongShape.apply(x).sum().backward()
except RuntimeError as e:
    print(e)
NotNone.apply(x, 2.0).sum().backward()
