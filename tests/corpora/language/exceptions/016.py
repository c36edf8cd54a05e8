import torch

x = torch.ones(3, requires_grad=True)
y = x * 2
try:
    y.backward()
except RuntimeError as e:
    print(e)
try:
    x.grad.zero_()
except AttributeError as e:
    print(e)
y.sum().backward()
print(x.grad)
