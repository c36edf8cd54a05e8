import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
ys = [-x, x.neg(), x / 2, 2 / x, 2 - x, x - 2, 1 + x, x ** 2, 2 ** x, x ** x, x.exp(), x.log(), x.abs(), x.sqrt(), x.square()]
print([y.grad_fn.name() for y in ys])
