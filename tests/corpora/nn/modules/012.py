import torch
import torch.nn as nn
torch.manual_seed(10)
d = nn.ModuleDict({'enc': nn.Linear(3, 2), 'act': nn.ReLU(), 'dec': nn.Linear(2, 3)})
print(d)
print(list(d.keys()))
print('act' in d, len(d))
x = torch.randn(2, 3)
for name in ['enc', 'act', 'dec']:
    x = d[name](x)
print(x)
for k, m in d.items():
    print(k, m)
print([n for n, p in d.named_parameters()])
