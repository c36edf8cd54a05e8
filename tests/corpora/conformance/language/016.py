import torch

x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
y = x.sort().values
print(y)
names = ["small", "mid", "large"]
for name, v in zip(names, y):
    print(f"{name:>6}: {v.item()}")
print(sorted(x.tolist(), reverse=True))
print(min(x.tolist()), abs(-2.5), round(3.14159, 2), int(x[0]), float(x[1]))
