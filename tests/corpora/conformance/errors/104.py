import torch

print(torch.tensor([]).mean())
print(torch.max(torch.tensor([])))
