import torch

x = torch.tensor(3.0, requires_grad=True)
for i in range(4):
    f = x ** 3 - 2 * x - 5
    df, = torch.autograd.grad(f, x, create_graph=True)
    d2f, = torch.autograd.grad(df, x)
    with torch.no_grad():
        x -= f / df
    print(i, round(x.item(), 6), round(d2f.item(), 3))
