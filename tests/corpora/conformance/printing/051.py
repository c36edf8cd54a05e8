import torch

x = torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64)
print(x / 7)
print((x / 7).float())
print(x.long(), x.int(), x.bool())
print(torch.tensor([2.0], dtype=torch.float64) ** 0.5)
