import torch

x = torch.tensor([-1.0, 1.0], requires_grad=True)
y = x * 2
y.sigmoid_()
print(y, y.grad_fn)
y.sum().backward()
print(x.grad)
