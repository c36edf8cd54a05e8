import torch

rows = [torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]
print(torch.stack(rows))
print(torch.tensor(rows))
