import torch

x = torch.ones(2, 3, 4, requires_grad=True)
W = torch.ones(4, 5)
y = x @ W
print(y.shape)
print(y.grad_fn)
y.mean().backward()
print(x.grad[0])
