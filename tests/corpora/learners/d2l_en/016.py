import torch; torch.manual_seed(0)  # edit: seed
import torch

x = torch.arange(12, dtype=torch.float32)
print(x)  # edit: the cell's shown value

print(x.numel())  # edit: the cell's shown value

print(x.shape)  # edit: the cell's shown value

X = x.reshape(3, 4)
print(X)  # edit: the cell's shown value

print(torch.zeros((2, 3, 4)))  # edit: the cell's shown value

print(torch.ones((2, 3, 4)))  # edit: the cell's shown value

print(torch.randn(3, 4))  # edit: the cell's shown value

print(torch.tensor([[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]]))  # edit: the cell's shown value

print(X[-1], X[1:3])  # edit: the cell's shown value

X[1, 2] = 17
print(X)  # edit: the cell's shown value

X[:2, :] = 12
print(X)  # edit: the cell's shown value

print(torch.exp(x))  # edit: the cell's shown value

x = torch.tensor([1.0, 2, 4, 8])
y = torch.tensor([2, 2, 2, 2])
print(x + y, x - y, x * y, x / y, x ** y)  # edit: the cell's shown value

X = torch.arange(12, dtype=torch.float32).reshape((3,4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
print(torch.cat((X, Y), dim=0), torch.cat((X, Y), dim=1))  # edit: the cell's shown value

print(X == Y)  # edit: the cell's shown value

print(X.sum())  # edit: the cell's shown value

a = torch.arange(3).reshape((3, 1))
b = torch.arange(2).reshape((1, 2))
print(a, b)  # edit: the cell's shown value

print(a + b)  # edit: the cell's shown value

before = id(Y)
Y = Y + X
print(id(Y) == before)  # edit: the cell's shown value

Z = torch.zeros_like(Y)
print('id(Z):', id(Z))
Z[:] = X + Y
print('id(Z):', id(Z))

before = id(X)
X += Y
print(id(X) == before)  # edit: the cell's shown value

A = X.numpy()
B = torch.from_numpy(A)
print(type(A), type(B))  # edit: the cell's shown value

a = torch.tensor([3.5])
print(a, a.item(), float(a), int(a))  # edit: the cell's shown value
