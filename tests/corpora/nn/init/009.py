import torch
import torch.nn as nn
torch.manual_seed(7)
for m in (nn.RNN(3, 2), nn.LSTM(2, 3, num_layers=2), nn.GRU(2, 2, bidirectional=True, bias=False)):
    print(m)
    for name, p in m.named_parameters():
        print(name, p.flatten().tolist())
