import torch
import torch.nn as nn
import torch.nn.functional as F

# channel-wise dropout: one draw per (batch, channel) on torch's stream, whole channels zeroed
torch.set_printoptions(precision=8)
torch.manual_seed(0)
x = torch.randn(2, 4, 3, 3, requires_grad=True)
d = nn.Dropout2d(0.4)
print(d, nn.Dropout1d(), nn.Dropout3d(0.2, inplace=True))
y = d(x)
print(y[:, :, 0, 0], y.grad_fn)
y.sum().backward()
print(x.grad[:, :, 1, 2])
print(F.dropout2d(torch.ones(2, 6), 0.5))  # a 2-D input: each element its own channel, with torch's warning
print(F.dropout2d(torch.ones(2, 3, 2), 0.5))  # 3-D: taken as (N, C, L)
print(F.dropout1d(torch.ones(3, 4), 0.5), F.dropout1d(torch.ones(2, 3, 4), 0.25)[:, :, 0])
print(F.dropout3d(torch.ones(2, 3, 1, 1, 2), 0.3)[..., 0].flatten())
print(F.dropout2d(torch.ones(2, 3, 2, 2), 1.0).sum(), F.dropout2d(torch.ones(2, 3, 2, 2), 0.5, training=False).sum())
z = torch.ones(1, 5, 2, dtype=torch.float64)
print(F.dropout1d(z, 0.6, inplace=True) is z, z[0, :, 0])
d.eval()
print(d(x) is x, torch.rand(2))
