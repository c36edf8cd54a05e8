import torch
import torch.nn as nn
torch.manual_seed(5)
w = torch.empty(3, 4, 5, 5)
nn.init.kaiming_uniform_(w, nonlinearity='relu')
print(w[2, 3].tolist())
nn.init.xavier_normal_(w)
print(w[1, 0].tolist())
b = torch.empty(7, dtype=torch.float64)
nn.init.uniform_(b, -2.0, 3.0)
print(b.tolist())
nn.init.normal_(b, 1.0, 0.5)
print(b.tolist())
nn.init.kaiming_uniform_(torch.empty(3))
