import torch

print(torch.tensor([0.1, 100.5, -3.0]))
print(torch.tensor([[0.1, 100.5], [-3.0, 7.25]]))
print(torch.tensor([1.0, -1.0]) / 3)
print(torch.tensor([100.0, 200.0]) / 3)
print(torch.tensor([1e3, 1e4]) / 3)
