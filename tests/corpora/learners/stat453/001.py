import torch; torch.manual_seed(0)  # edit: seed
# edit: notebook magic: %load_ext watermark
# edit: notebook magic: %watermark -a 'Sebastian Raschka' -v -p torch

import torch
from torch.autograd import grad
import torch.nn.functional as F

x = torch.tensor([3.])
w = torch.tensor([2.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)
a = F.relu(x*w + b)

print(a)  # edit: the cell's shown value

print(grad(a, w, retain_graph=True))  # edit: the cell's shown value

print(grad(a, b))  # edit: the cell's shown value

x = torch.tensor([3.])
w = torch.tensor([2.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)

def my_relu(z):
    if z > 0.:
        return z
    else:
        z[:] = 0.
        return z

a = my_relu(x*w + b)
print(grad(a, w))  # edit: the cell's shown value

x = torch.tensor([-1.])
w = torch.tensor([1.], requires_grad=True)
b = torch.tensor([1.], requires_grad=True)

def my_relu(z):
    if z > 0.:
        return z
    else:
        z[:] = 0.
        return z

a = F.relu(x*w + b)
print(grad(a, w, retain_graph=False))  # edit: the cell's shown value
