import torch

print(torch.tensor(2) * 1.5, torch.tensor([1, 2]) / 2, torch.tensor([1, 2]) + True)
print(torch.tensor(3.0) == 3, torch.tensor([1, 2]) == torch.tensor([1.0, 2.5]))
print(torch.tensor([True, False]) + torch.tensor([True, True]))
print(torch.tensor([3]) - 5, torch.tensor(5) // 2, -torch.tensor(5) // 2)
print(torch.tensor([1.0, 2.0]) ** torch.tensor([2, 3]))
