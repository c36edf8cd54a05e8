import torch

x = torch.tensor([0.5, -1.0], requires_grad=True)
s = 1 / (1 + torch.exp(-x))
print(s)
print(s.grad_fn, s.grad_fn.next_functions)
s.sum().backward()
print(x.grad)
