import torch

x = torch.tensor([0.1, 0.2])
vals = x.tolist()
print(vals, sum(vals))
print(0.1 + 0.2, [0.1 + 0.2], (1.0, 2.5e-7))
print(x.double().tolist())
