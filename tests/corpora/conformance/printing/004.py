import torch

print(torch.tensor([1, 2, 3]))
print(torch.tensor([[10, -200], [3, 4]]))
print(torch.arange(5))
print(torch.tensor([1, 2], dtype=torch.int32))
print(torch.tensor(7))
