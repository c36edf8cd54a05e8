import torch

x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
y = x.clone()
print(y.grad_fn)
y.relu_()
print(y)
y.sum().backward()
print(x.grad)
