import torch

x = torch.tensor([])
y = x.numel() == 0 and "empty" or "full"
print(y)
z = None or torch.tensor(1.0)
print(z)
print(0 or [] or "last", 1 and 2 and 3)
