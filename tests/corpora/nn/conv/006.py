import torch
import torch.nn as nn
c = nn.Conv2d(3, 4, 3)
c(torch.randn(1, 2, 5, 5))
