# a vector-Jacobian product equals v @ J
import torch

A = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
x = torch.tensor([0.5, -0.5], requires_grad=True)
y = torch.tanh(A @ x)
v = torch.tensor([1.0, 1.0, 1.0])
vjp, = torch.autograd.grad(y, x, v)
J = (1 - y.detach() ** 2).unsqueeze(1) * A
print(vjp)
print(v @ J)
