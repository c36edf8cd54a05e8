import torch; torch.manual_seed(0)  # edit: seed
import torch

x = torch.arange(12, dtype=torch.float64)
print(x)  # edit: the cell's shown value

# We can get the tensor shape through the shape attribute.
print(x.shape)  # edit: the cell's shown value

# .shape is an alias for .size(), and was added to more closely match numpy
print(x.size())  # edit: the cell's shown value

x = x.reshape((3, 4))
print(x)  # edit: the cell's shown value

print(torch.FloatTensor(2, 3))  # edit: the cell's shown value

print(torch.Tensor(2, 3))  # edit: the cell's shown value

print(torch.empty(2, 3))  # edit: the cell's shown value

print(torch.zeros((2, 3, 4)))  # edit: the cell's shown value

print(torch.ones((2, 3, 4)))  # edit: the cell's shown value

y = torch.tensor([[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
print(y)  # edit: the cell's shown value

print(torch.randn(3, 4))  # edit: the cell's shown value

x = torch.tensor([1, 2, 4, 8], dtype=torch.float32)
y = torch.ones_like(x) * 2
print('x =', x)
print('x + y', x + y)
print('x - y', x - y)
print('x * y', x * y)
print('x / y', x / y)

print(torch.exp(x))  # edit: the cell's shown value
# Note: torch.exp is not implemented for 'torch.LongTensor'.

x = torch.arange(12, dtype=torch.float32).reshape((3,4))
y = torch.tensor([[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]], dtype=torch.float32)
print(x.dtype)
print(y)
print(torch.mm(x, y.t()))  # edit: the cell's shown value

print(torch.cat((x, y), dim=0))  # edit: the cell's shown value

print(torch.cat((x, y), dim=1))  # edit: the cell's shown value

print(x == y)  # edit: the cell's shown value

print(x.sum())  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (AttributeError: module 'numpy' has no attribute 'asscalar')
