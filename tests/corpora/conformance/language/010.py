import torch

x = torch.arange(6.0).view(2, 3)
rows, cols = x.shape
print(rows, cols)
for r in range(rows):
    line = ""
    for c in range(cols):
        line += f"{x[r, c].item():4.1f}"
    print(line)
