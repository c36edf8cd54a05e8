import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0]], requires_grad=True)
W = torch.tensor([[0.5, -0.5], [1.0, 1.0], [0.0, 2.0]], requires_grad=True)
b = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
y = F.linear(x, W, b)
print(y)
y.sum().backward()
print(W.grad)
print(b.grad)
