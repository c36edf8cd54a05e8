import torch

x = torch.ones(3)
assert x.sum() == 3, "sum is off"
print("ok")
assert x.sum() > 10, "too small"
