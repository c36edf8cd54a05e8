import torch

x = torch.ones(2)
print(x == None, x is None, x is not None)
label = "loss"
print(label + ": " + str(x.sum().item()))
print(x + label)
