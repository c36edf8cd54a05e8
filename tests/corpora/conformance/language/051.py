import torch

loss = None
print(loss + 1)
