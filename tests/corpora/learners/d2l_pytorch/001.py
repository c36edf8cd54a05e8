import torch; torch.manual_seed(0)  # edit: seed
import torch
from torch.autograd import Variable

x = Variable(torch.arange(4, dtype=torch.float32).reshape((4, 1)), requires_grad=True)
print(x)

y = 2*torch.mm(x.t(),x)
print(y)

print(y.backward())  # edit: the cell's shown value

print("x.grad:", x.grad)
print("x.grad_fn:", x.grad_fn)
print("y.grad_fn:", y.grad_fn)

print((x.grad - 4*x).norm().item() == 0)
print(x.grad)

def f(a):
    b = a * 2
    while b.norm().item() < 1000:
        b = b * 2
    if b.sum().item() > 0:
        c = b
    else:
        c = 100 * b
    return c

a = torch.randn(size=(1,))
a.requires_grad=True
d = f(a)
print(d.backward())  # edit: the cell's shown value

print(a.grad == (d / a))

x = Variable(torch.tensor([[0.],[1.],[2.],[3.]]), requires_grad=True)
y = x * 2
z = y * x

head_gradient = torch.tensor([[10], [1.], [.1], [.01]])
z.backward(head_gradient)
print(x.grad)
