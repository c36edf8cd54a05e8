import torch

x = torch.tensor([[-1.5, 200.25], [3.125, -0.0625]], requires_grad=True)
print(x)
print(x * 1000)
print(x / 1000)
print(-x.detach())
