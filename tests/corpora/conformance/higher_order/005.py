import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2 + 2 * x
rows = []
for i in range(3):
    gi = torch.autograd.grad(y[i], x, retain_graph=True)[0]
    rows.append(gi)
J = torch.stack(rows)
print(J)
