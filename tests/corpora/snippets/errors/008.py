# autograd.grad of an input that was not used
import torch

x = torch.tensor(1.0, requires_grad=True)
z = torch.tensor(2.0, requires_grad=True)
y = x * 3
print(torch.autograd.grad(y, x, retain_graph=True))
torch.autograd.grad(y, z)
