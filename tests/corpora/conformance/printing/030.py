import torch

x = torch.tensor([1.0, 2.0, 3.0])
torch.set_printoptions(precision=3)
print(x / 3)
print(torch.tensor(1 / 3))
torch.set_printoptions(precision=10)
print(torch.tensor([1 / 3], dtype=torch.float64))
print(torch.tensor([1 / 3]))
torch.set_printoptions(precision=4)
print(x / 7)
