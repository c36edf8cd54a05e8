import torch
import torch.nn as nn
torch.manual_seed(42)
big = nn.Linear(784, 128)
print(big.weight[::17, ::61].tolist())
print(big.bias[::9].tolist())
huge = nn.Linear(2048, 1000)
print(huge.weight[::211, ::409].tolist())
print(huge.bias[-5:].tolist())
