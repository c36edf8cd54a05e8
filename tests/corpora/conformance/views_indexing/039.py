import torch

x = torch.zeros(3, 3)
idx = torch.tensor([0, 2])
x[idx] = 1.0
print(x)
x[1, idx] = torch.tensor([5.0, 6.0])
print(x)
x[x == 0] += 9
print(x)
