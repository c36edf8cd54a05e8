import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 2
b.sub_(1).mul_(3)
print(b, b.grad_fn)
print(b.grad_fn.next_functions)
b.sum().backward()
print(a.grad)
