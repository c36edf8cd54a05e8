# Jacobian rows via grad_outputs
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x.sum()
for i in range(3):
    e = torch.zeros(3)
    e[i] = 1.0
    row, = torch.autograd.grad(y, x, grad_outputs=e, retain_graph=True)
    print(f"row {i}:", row)
