import torch

x = torch.tensor([10.0, 20.0, 30.0, 40.0], requires_grad=True)
idx = torch.tensor([0, 2, 2])
y = x[idx]
print(y)
y.sum().backward()
print(x.grad)
print(x[[1, 3]])
