import torch

print(torch.tensor([1000000, -3, 42]))
print(torch.tensor([[1, -1], [100000, 7]]))
print(torch.arange(-5, 5))
print(torch.tensor(-0.0), torch.tensor(100.0), torch.tensor(1e-5))
