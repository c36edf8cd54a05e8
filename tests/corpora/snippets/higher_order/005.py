# a Hessian row by row
import torch

def f(x):
    return (x[0] * x[1]) ** 2 + x[0].exp()

x = torch.tensor([0.5, -1.0], requires_grad=True)
g, = torch.autograd.grad(f(x), x, create_graph=True)
rows = []
for i in range(2):
    row, = torch.autograd.grad(g[i], x, retain_graph=True)
    rows.append(row.tolist())
for r in rows:
    print(["%.4f" % v for v in r])
