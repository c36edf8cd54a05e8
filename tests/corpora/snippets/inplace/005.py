# index assignment into a tensor that is part of a graph
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y[1] = 0.0
y.sum().backward()
print(y)
print(x.grad)
