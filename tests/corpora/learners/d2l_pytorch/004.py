import torch; torch.manual_seed(0)  # edit: seed
import torch

x = torch.tensor([3.0])
y = torch.tensor([2.0])

print('x + y = ', x + y)
print('x * y = ', x * y)
print('x / y = ', x / y)
print('x ** y = ', torch.pow(x,y))

print(x.item())  # edit: the cell's shown value

x = torch.arange(4)
print('x = ', x)

print(x[3])  # edit: the cell's shown value

print(len(x))  # edit: the cell's shown value

print(x.shape)  # edit: the cell's shown value

a = 2
x = torch.tensor([1,2,3])
y = torch.tensor([10,20,30])
print(a * x)
print(a * x + y)

A = torch.arange(20, dtype=torch.float32).reshape((5,4))
print(A)

print(A.t())

X = torch.arange(24).reshape((2, 3, 4))
print('X.shape =', X.shape)
print('X =', X)

a = 2
x = torch.ones(3)
y = torch.zeros(3)
print(x.shape)
print(y.shape)
print((a * x).shape)
print((a * x + y).shape)

print(x)
print(torch.sum(x))

print(A)
print(torch.sum(A))

print(torch.mean(A))
print(torch.div(torch.sum(A), torch.numel(A)))
# torch.numel() calculates number of elements in a tensor

x = torch.arange(4, dtype = torch.float32)
y = torch.ones(4, dtype = torch.float32)
print(x, y, torch.dot(x, y))

print(torch.sum(x * y))  # edit: the cell's shown value

print(torch.mv(A, x))  # edit: the cell's shown value

B = torch.ones(size=(4, 3))
print(torch.mm(A, B))  # edit: the cell's shown value

print(torch.norm(x))  # edit: the cell's shown value

print(torch.sum(torch.abs(x)))  # edit: the cell's shown value
