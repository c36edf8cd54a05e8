import torch

x = torch.tensor([1.0, 2.0, 3.0])
i = 0
total = torch.tensor(0.0)
while i < len(x):
    total += x[i]
    i += 1
print(total, i)
n = x.numel()
print(n if n > 2 else -n, "big" if x.sum() > 5 else "small")
