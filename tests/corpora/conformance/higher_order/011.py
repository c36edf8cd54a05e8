import torch

x = torch.tensor([2.0, 1.0], requires_grad=True)
def f(x):
    return (x[0] ** 2) * x[1] + torch.exp(x[1])
y = f(x)
g = torch.autograd.grad(y, x, create_graph=True)[0]
H = []
for i in range(2):
    H.append(torch.autograd.grad(g[i], x, retain_graph=True)[0])
print(torch.stack(H))
