import torch
import torch.nn as nn
gru = nn.GRU(3, 4)
gru(torch.randn(5, 2, 3), torch.zeros(2, 2, 4))
