import torch

a = torch.tensor([1.0, 5.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 2.0, 3.0], requires_grad=True)
m = torch.max(a, b)
print(m)
m.sum().backward()
print(a.grad, b.grad)
