import torch

def grad_or_message(f, x):
    try:
        g, = torch.autograd.grad(f(x), x)
        return g
    except RuntimeError as e:
        return str(e)


x = torch.tensor([1.0, 2.0], requires_grad=True)
print(grad_or_message(lambda t: (t ** 2).sum(), x))
print(grad_or_message(lambda t: t ** 2, x))
print(grad_or_message(lambda t: torch.ones(1), x))
