import torch

x = torch.zeros(3, 2)
x[:, 0] = torch.tensor([1.0, 2.0, 3.0])
x[1:, 1] = 7
print(x)
x[[0, 2]] = torch.tensor([-1.0, -2.0])
print(x)
print(x[[-1, 0]])
