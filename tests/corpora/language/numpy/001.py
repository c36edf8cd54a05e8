import numpy as np
import torch

a = torch.ones(5)
b = a.numpy()
print(a, b)
a.add_(1)
print(a)
print(b)
c = np.ones(5)
d = torch.from_numpy(c)
np.add(c, 1, out=c)
print(c)
print(d)
c[0] = 10
print(d, d.dtype)
