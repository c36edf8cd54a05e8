import torch; torch.manual_seed(0)  # edit: seed
import torch

x = torch.arange(4.0)
print(x)  # edit: the cell's shown value

x.requires_grad_(True)  # 等价于x=torch.arange(4.0,requires_grad=True)
print(x.grad)  # edit: the cell's shown value

y = 2 * torch.dot(x, x)
print(y)  # edit: the cell's shown value

y.backward()
print(x.grad)  # edit: the cell's shown value

print(x.grad == 4 * x)  # edit: the cell's shown value

# 在默认情况下，PyTorch会累积梯度，我们需要清除之前的值
x.grad.zero_()
y = x.sum()
y.backward()
print(x.grad)  # edit: the cell's shown value

# 对非标量调用backward需要传入一个gradient参数，该参数指定微分函数关于self的梯度。
# 本例只想求偏导数的和，所以传递一个1的梯度是合适的
x.grad.zero_()
y = x * x
# 等价于y.backward(torch.ones(len(x)))
y.sum().backward()
print(x.grad)  # edit: the cell's shown value

x.grad.zero_()
y = x * x
u = y.detach()
z = u * x

z.sum().backward()
print(x.grad == u)  # edit: the cell's shown value

x.grad.zero_()
y.sum().backward()
print(x.grad == 2 * x)  # edit: the cell's shown value

def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c

a = torch.randn(size=(), requires_grad=True)
d = f(a)
print(d.backward())  # edit: the cell's shown value

print(a.grad == d / a)  # edit: the cell's shown value
