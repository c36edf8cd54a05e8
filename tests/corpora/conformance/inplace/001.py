import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.add_(1)
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)
