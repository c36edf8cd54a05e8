import torch
import torch.nn.functional as F

print(F.dropout1d(torch.ones(2, 3), 0.5).shape)
F.dropout1d(torch.ones(2), 0.5)
