import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
x.grad = None
print(x.grad)
(x * x).sum().backward()
print(x.grad)
