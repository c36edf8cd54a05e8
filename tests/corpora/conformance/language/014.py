import torch

for i in range(10):
    if i % 2 == 0:
        continue
    if i > 6:
        break
    print(i, torch.tensor(i) ** 2)
else:
    print("no break")
