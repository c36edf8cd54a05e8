import torch

activations = {
    "relu": lambda t: t.clamp(min=0),
    "square": lambda t: t * t,
    "scaled": lambda t, s=3.0: s * t,
}
x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
for name in sorted(activations):
    y = activations[name](x).sum()
    grad, = torch.autograd.grad(y, x)
    print(name, y.item(), grad)
