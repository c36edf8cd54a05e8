# iterating over tensors, enumerate, zip, break and continue
import torch

t = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
for i, row in enumerate(t):
    if i == 1:
        continue
    print(i, row, row.sum().item())
names = ["a", "b", "c"]
for name, value in zip(names, t[:, 0]):
    if value > 4:
        break
    print(name, value)
else:
    print("no break")
for k in range(10, 0, -3):
    print(k, end=" ")
print()
