import torch
import torch.nn as nn
lstm = nn.LSTM(3, 4)
lstm(torch.randn(5, 2, 2))
