# functions with default parameters, tuple unpacking and early return
import torch

def loss_and_grad(w, target=1.0, scale=2):
    loss = scale * (w - target) ** 2
    g, = torch.autograd.grad(loss, w)
    return loss.item(), g

def sign(v):
    if v > 0:
        return 1
    elif v < 0:
        return -1
    return 0

w = torch.tensor(3.0, requires_grad=True)
value, grad = loss_and_grad(w)
print(value, grad)
value, grad = loss_and_grad(w, scale=1, target=-1.0)
print(value, grad)
print(sign(3), sign(-2), sign(0))
