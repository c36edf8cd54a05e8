# the Jacobian of an elementwise function is diagonal
import torch

x = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
y = torch.exp(2 * x)
J = torch.zeros(3, 3)
for i in range(3):
    onehot = torch.zeros(3)
    onehot[i] = 1
    J[i] = torch.autograd.grad(y, x, onehot, retain_graph=True)[0]
print(J)
