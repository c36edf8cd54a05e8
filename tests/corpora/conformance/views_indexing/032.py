import torch

x = torch.zeros(5)
x[1:3] = torch.tensor([7.0, 8.0])
x[-1] = 9
print(x)
m = torch.zeros(2, 2)
m[0, :] = torch.tensor([1.0, 2.0])
m[:, 1] += 5
print(m)
