import torch

x = torch.tensor(1.0, requires_grad=True)
n = 0
while x.item() < 20:
    x = x * 3
    n += 1
print(n, x)
