import torch
x = torch.zeros(3, 4)
x[1] = torch.ones(1, 4)
x[2] = torch.full((1, 1, 4), 2.0)
x[0, :2] = torch.tensor([[5.0, 6.0]])
print(x)
x[torch.tensor([0, 2])] = torch.ones(1, 2, 4) * 7
print(x)
y = torch.zeros(2, 3, requires_grad=True).clone()
w = torch.ones(1, 3, requires_grad=True)
y[0] = w * 2
print(y, y.grad_fn, y.grad_fn.next_functions)
y.sum().backward()
print(w.grad)
z = torch.zeros(2)
z[1] = torch.ones(1, 1)
print(z)
try:
    x[0] = torch.ones(2, 4)
except RuntimeError as e:
    print(e)
try:
    x[0] = torch.ones(1, 3)
except RuntimeError as e:
    print(e)
