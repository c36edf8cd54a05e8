import torch

cfg = {"lr": 0.1}
print(cfg["lr"])
print(cfg["momentum"])
