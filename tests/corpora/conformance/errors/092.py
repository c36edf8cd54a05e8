import torch
import torch.nn.functional as F

m = torch.tensor([[1, 2], [3, 4]])
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
print(m @ w)
