import torch
import torch.nn.functional as F

x = torch.tensor([[3.0, 4.0], [1.0, 0.0]], requires_grad=True)
n = F.normalize(x, dim=1)
print(n)
n[:, 0].sum().backward()
print(x.grad)
