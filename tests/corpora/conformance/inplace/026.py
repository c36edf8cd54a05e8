import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
print(y._version)
y[0] = 0
y[1] += 1
print(y._version, y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)
