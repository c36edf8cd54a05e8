import torch

for k in range(3, 0, -1):
    x = torch.full((k,), float(k))
    print(k, x, x.shape)
i = 0
while True:
    i += 1
    if i >= 3:
        break
print("i =", i)
