import torch
import torch.nn as nn
torch.manual_seed(5)
lstm = nn.LSTM(3, 4, num_layers=3, dropout=0.3)
print(lstm)
x = torch.randn(5, 2, 3)
out, (h, c) = lstm(x)
print(out[-1])
print(h[-1])
lstm.eval()
out2, _ = lstm(x)
print(out2[-1])
g = nn.GRU(3, 3, num_layers=2, dropout=0.5)
print(g(x)[0][2])
