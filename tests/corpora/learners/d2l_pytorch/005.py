import random; import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0); random.seed(0)  # edit: seed
import torch
from torch.distributions.multinomial import Multinomial

pass  # edit: plotting removed

import numpy as np
pass  # edit: plotting removed
# edit: notebook magic: %matplotlib inline

probabilities = torch.ones([6], dtype = torch.float64) / 6
distribution = Multinomial(total_count = 1, probs = probabilities)
print(distribution.sample())  # edit: the cell's shown value

print((Multinomial(total_count = 10, probs = probabilities)).sample())
print((Multinomial(total_count = 100, probs = probabilities)).sample())

num_rolls = 1000
rolls = Multinomial(total_count = 1, probs = probabilities)
counts = torch.zeros(6, 1000, dtype = torch.double)
totals = torch.zeros(6, dtype = torch.double)
for i in range(num_rolls):
    totals = totals + rolls.sample()
    counts[:, i] = totals

print(totals / 1000)  # edit: the cell's shown value

print(counts)  # edit: the cell's shown value

x = torch.arange(1000, dtype = torch.double).reshape((1,1000)) + 1
estimates = counts / x
print(estimates[:,0])
print(estimates[:,1])
print(estimates[:,100])

pass  # edit: plotting removed

pass  # edit: plotting removed
for i in range(6):
    pass  # edit: plotting removed

pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed

import random

for i in range(10):
    print(random.random())

for i in range(10):
    print(random.randint(1, 100))
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (NameError: name 'axes' is not defined)
