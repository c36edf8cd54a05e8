import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.stack([x[0] * x[1], x[0] ** 2 + x[1]])
jac = torch.zeros(2, 2)
for i in range(2):
    y[i].backward(retain_graph=True)
    jac[i] = x.grad
    x.grad.zero_()
print(jac)
