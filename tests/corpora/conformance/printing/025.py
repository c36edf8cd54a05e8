import torch

x = torch.tensor([[0.1, 0.2], [0.3, 0.4]], dtype=torch.float64, requires_grad=True)
y = x @ x
print(y)
print(y.sum())
y.sum().backward()
print(x.grad)
