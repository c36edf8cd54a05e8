import torch
import torch.nn.functional as F

t = torch.tensor([1, 2])
t += 0.5
print(t)
