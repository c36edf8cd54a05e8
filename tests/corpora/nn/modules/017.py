import torch
import torch.nn as nn
m = nn.Sequential(nn.Linear(2, 2))
print(m[3])
