import torch

x = torch.tensor(1.0, requires_grad=True)
def g(v):
    return v * 2
def h(v):
    return g(v) + g(g(v))
out = h(x)
out.backward()
print(out, x.grad)
print(g, h)
