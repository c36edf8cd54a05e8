import torch; torch.manual_seed(0)  # edit: seed
pass  # edit: plotting removed
pass  # edit: plotting removed

pass  # edit: plotting removed
pass  # edit: plotting removed

pass  # edit: plotting removed
pass  # edit: plotting removed

import torch
from time import time

a = torch.ones(10000)
b = torch.ones(10000)

start = time()
c = torch.zeros(10000)
for i in range(10000):
    c[i] = a[i] + b[i]
print(time() - start)  # edit: the cell's shown value

start = time()
d = a + b
print(time() - start)  # edit: the cell's shown value

# edit: notebook magic: %matplotlib inline
pass  # edit: plotting removed
pass  # edit: plotting removed
import torch
import math

x = torch.arange(-7, 7, 0.01)
# Mean and variance pairs
parameters = [(0,1), (0,2), (3,1)]

# Display SVG rather than JPG
pass  # edit: plotting removed
pass  # edit: plotting removed
for (mu, sigma) in parameters:
    p = (1/math.sqrt(2 * math.pi * sigma**2)) * torch.exp(-(0.5/sigma**2) * (x-mu)**2)
    pass  # edit: plotting removed

pass  # edit: plotting removed
pass  # edit: plotting removed
