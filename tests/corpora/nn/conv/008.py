import torch
import torch.nn as nn

bn = nn.BatchNorm2d(2)
print(bn(torch.arange(8.).view(2, 2, 2, 1)).flatten())
bn(torch.ones(2, 2, 3, 3, dtype=torch.float64))  # float32 parameters, a float64 input
