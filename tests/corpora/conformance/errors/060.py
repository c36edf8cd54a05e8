import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
for i in range(3):
    y = (x ** 2).sum()
    print(i)
    y.backward()
    print(x.grad)
x.grad.zero_()
z = x ** 2
z.sum().backward()
z.sum().backward()
