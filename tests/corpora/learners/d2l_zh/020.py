import torch; torch.manual_seed(0)  # edit: seed
import torch

x = torch.tensor(3.0)
y = torch.tensor(2.0)

print(x + y, x * y, x / y, x**y)  # edit: the cell's shown value

x = torch.arange(4)
print(x)  # edit: the cell's shown value

print(x[3])  # edit: the cell's shown value

print(len(x))  # edit: the cell's shown value

print(x.shape)  # edit: the cell's shown value

A = torch.arange(20).reshape(5, 4)
print(A)  # edit: the cell's shown value

print(A.T)  # edit: the cell's shown value

B = torch.tensor([[1, 2, 3], [2, 0, 4], [3, 4, 5]])
print(B)  # edit: the cell's shown value

print(B == B.T)  # edit: the cell's shown value

X = torch.arange(24).reshape(2, 3, 4)
print(X)  # edit: the cell's shown value

A = torch.arange(20, dtype=torch.float32).reshape(5, 4)
B = A.clone()  # 通过分配新内存，将A的一个副本分配给B
print(A, A + B)  # edit: the cell's shown value

print(A * B)  # edit: the cell's shown value

a = 2
X = torch.arange(24).reshape(2, 3, 4)
print(a + X, (a * X).shape)  # edit: the cell's shown value

x = torch.arange(4, dtype=torch.float32)
print(x, x.sum())  # edit: the cell's shown value

print(A.shape, A.sum())  # edit: the cell's shown value

A_sum_axis0 = A.sum(axis=0)
print(A_sum_axis0, A_sum_axis0.shape)  # edit: the cell's shown value

A_sum_axis1 = A.sum(axis=1)
print(A_sum_axis1, A_sum_axis1.shape)  # edit: the cell's shown value

print(A.sum(axis=[0, 1]))  # edit: the cell's shown value

print(A.mean(), A.sum() / A.numel())  # edit: the cell's shown value

print(A.mean(axis=0), A.sum(axis=0) / A.shape[0])  # edit: the cell's shown value

sum_A = A.sum(axis=1, keepdims=True)
print(sum_A)  # edit: the cell's shown value

print(A / sum_A)  # edit: the cell's shown value

print(A.cumsum(axis=0))  # edit: the cell's shown value

y = torch.ones(4, dtype = torch.float32)
print(x, y, torch.dot(x, y))  # edit: the cell's shown value

print(torch.sum(x * y))  # edit: the cell's shown value

print(A.shape, x.shape, torch.mv(A, x))  # edit: the cell's shown value

B = torch.ones(4, 3)
print(torch.mm(A, B))  # edit: the cell's shown value

u = torch.tensor([3.0, -4.0])
print(torch.norm(u))  # edit: the cell's shown value

print(torch.abs(u).sum())  # edit: the cell's shown value

print(torch.norm(torch.ones((4, 9))))  # edit: the cell's shown value
