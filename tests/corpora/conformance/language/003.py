import torch

x = torch.tensor(0.5)
if 0 < x < 1:
    print("x in (0, 1)")
if 0 < x.item() <= 0.5 < 1:
    print("chained ok")
print(1 < 2 < 3, 3 > 2 > 2)
