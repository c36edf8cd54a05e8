import torch

x = torch.tensor([1.0, 2.0, 3.0])
for i in range(4):
    print(x[i])
