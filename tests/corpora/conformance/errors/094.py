import torch
import torch.nn.functional as F

x = torch.ones(2, 3, requires_grad=True)
y = x.sum(dim=0)
print(y)
y.backward(torch.ones(2))
