import numpy as np
import torch

x = torch.ones(2, requires_grad=True)
try:
    x.numpy()
except RuntimeError as e:
    print(e)
print(x.detach().numpy())
y = (x * 3).sum()
y.backward()
g = x.grad.numpy()
print(g, g.dtype, type(g))
