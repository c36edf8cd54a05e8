import torch

def f(x, power=2):
    return (x ** power).sum()

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = f(x) + f(x, power=3)
y.backward()
print(y.item(), x.grad)
