import torch
import torch.nn as nn
m = nn.Linear(3, 2)
print(m(torch.ones(2, 4)))
