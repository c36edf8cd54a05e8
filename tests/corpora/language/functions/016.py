import torch


class Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 3


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Identity.apply(x)
print(y is x, y, y.grad_fn, y.requires_grad)
y.sum().backward()
print(x.grad)
with torch.no_grad():
    z = Identity.apply(x)
print(z is x, z.grad_fn, z.requires_grad)
plain = Identity.apply(torch.ones(2))
print(plain, plain.grad_fn)
