import torch

x = torch.tensor([1.0, 2.0])
if x > 0:
    print("positive")
