import torch

x = torch.zeros_like(torch.ones(2, 2), requires_grad=True)
print(x)
y = torch.ones(3, requires_grad=True, dtype=torch.float64)
print(y)
print(x.type(), y.type(), torch.tensor([1, 2]).type())
z = torch.Tensor([1, 2])
print(z, z.dtype)
print(torch.FloatTensor([3, 4]), torch.LongTensor([3, 4]))
