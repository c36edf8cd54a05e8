import torch
import torch.nn as nn
torch.manual_seed(4)
for m in (nn.RNN(3, 2), nn.GRU(3, 2), nn.LSTM(3, 2)):
    x = torch.randn(4, 3)
    out = m(x)
    o = out[0]
    h = out[1][0] if isinstance(out[1], tuple) else out[1]
    print(type(m), o.shape, h.shape)
    print(o, h)
r = nn.RNN(2, 3, nonlinearity='relu', bias=False, batch_first=True)
print(r, r(torch.randn(2, 4, 2))[1])
print(r.state_dict().keys())
