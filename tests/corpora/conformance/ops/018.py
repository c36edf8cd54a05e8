import torch

x = torch.tensor([1, 2, 3])
y = torch.tensor([0.5, 0.5, 0.5])
print(x + y)
print((x + y).dtype)
print(x * 2, (x * 2).dtype)
print(x / 2)
print(x // 2)
print(x.float().dtype, x.double().dtype)
