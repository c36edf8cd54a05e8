import torch
import torch.nn as nn
torch.manual_seed(2)
for layer in (nn.Conv1d(4, 6, 3), nn.Conv2d(4, 6, (3, 2), groups=2), nn.Conv2d(3, 8, 3, bias=False),
              nn.Bilinear(3, 4, 5), nn.Embedding(10, 3), nn.Embedding(5, 4, padding_idx=1),
              nn.LayerNorm(4), nn.BatchNorm1d(3)):
    print(layer)
    for name, p in layer.named_parameters():
        print(name, p.flatten().tolist())
