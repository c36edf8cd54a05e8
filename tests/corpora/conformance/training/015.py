import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
print(x)
y = x * 2
while y.data.norm() < 100:
    y = y * 2
print(y)
y.backward(torch.tensor([0.1, 1.0, 0.0001]))
print(x.grad)
