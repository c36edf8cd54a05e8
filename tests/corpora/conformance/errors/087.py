import torch

w = torch.randn(3, 2, requires_grad=True)
x = torch.randn(4, 3)
h = x @ w
print(h.shape)
out = h @ w
