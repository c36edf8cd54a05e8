import torch

x = torch.zeros(3, 4)
x[0] = 1.0
x[:, 1] = 2.0
x[2, 3] = 7.0
print(x)
x[x > 1] = -1.0
print(x)
