import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(1)
x = torch.randn(3, 5)
print(F.dropout(x, 0.2))
print(F.dropout(x, 0.2, training=False) is x)
print(F.dropout(x, 0.0) is x)
print(F.dropout(x, 1.0))
print(F.dropout(x.double(), 0.7))
y = x.clone()
print(F.dropout(y, 0.4, inplace=True) is y, y)
print(torch.rand(2))
print(nn.Dropout(0.1), nn.Dropout(0.3, inplace=True))
