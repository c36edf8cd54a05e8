import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 2
print(y.grad_fn)
y.backward(torch.tensor([1.0, 1.0]), retain_graph=True)
print(x.grad)
y.backward(torch.tensor([1.0]))
