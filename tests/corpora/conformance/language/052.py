import torch

print("loss: " + 0.5)
