import torch; torch.manual_seed(0)  # edit: seed
import torch

x = torch.tensor(3.0)
y = torch.tensor(2.0)

print(x + y, x * y, x / y, x**y)  # edit: the cell's shown value

x = torch.arange(3)
print(x)  # edit: the cell's shown value

print(x[2])  # edit: the cell's shown value

print(len(x))  # edit: the cell's shown value

print(x.shape)  # edit: the cell's shown value

A = torch.arange(6).reshape(3, 2)
print(A)  # edit: the cell's shown value

print(A.T)  # edit: the cell's shown value

A = torch.tensor([[1, 2, 3], [2, 0, 4], [3, 4, 5]])
print(A == A.T)  # edit: the cell's shown value

print(torch.arange(24).reshape(2, 3, 4))  # edit: the cell's shown value

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
B = A.clone()  # Assign a copy of A to B by allocating new memory
print(A, A + B)  # edit: the cell's shown value

print(A * B)  # edit: the cell's shown value

a = 2
X = torch.arange(24).reshape(2, 3, 4)
print(a + X, (a * X).shape)  # edit: the cell's shown value

x = torch.arange(3, dtype=torch.float32)
print(x, x.sum())  # edit: the cell's shown value

print(A.shape, A.sum())  # edit: the cell's shown value

print(A.shape, A.sum(axis=0).shape)  # edit: the cell's shown value

print(A.shape, A.sum(axis=1).shape)  # edit: the cell's shown value

print(A.sum(axis=[0, 1]) == A.sum())  # edit: the cell's shown value

print(A.mean(), A.sum() / A.numel())  # edit: the cell's shown value

print(A.mean(axis=0), A.sum(axis=0) / A.shape[0])  # edit: the cell's shown value

sum_A = A.sum(axis=1, keepdims=True)
print(sum_A, sum_A.shape)  # edit: the cell's shown value

print(A / sum_A)  # edit: the cell's shown value

print(A.cumsum(axis=0))  # edit: the cell's shown value

y = torch.ones(3, dtype = torch.float32)
print(x, y, torch.dot(x, y))  # edit: the cell's shown value

print(torch.sum(x * y))  # edit: the cell's shown value

print(A.shape, x.shape, torch.mv(A, x), A@x)  # edit: the cell's shown value

B = torch.ones(3, 4)
print(torch.mm(A, B), A@B)  # edit: the cell's shown value

u = torch.tensor([3.0, -4.0])
print(torch.norm(u))  # edit: the cell's shown value

print(torch.abs(u).sum())  # edit: the cell's shown value

print(torch.norm(torch.ones((4, 9))))  # edit: the cell's shown value
