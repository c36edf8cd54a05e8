import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = torch.exp(-x) * torch.sin(x)
y.sum().backward()
print(y)
print(x.grad)
print(y.grad_fn.next_functions)
