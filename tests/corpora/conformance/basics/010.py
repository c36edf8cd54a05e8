import torch

x = torch.tensor(3.0, requires_grad=True)
for i in range(3):
    y = x ** 2
    y.backward()
    print(i, x.grad)
x.grad.zero_()
print(x.grad)
