import torch

x = torch.arange(8.0).view(2, 4)
chunks = x.chunk(2, dim=1)
for c in chunks:
    print(c)
print(torch.chunk(x, 2))
