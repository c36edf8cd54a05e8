import torch

x = torch.tensor([1.5, 2.5])
print(x.item() if x.numel() == 1 else x.tolist())
print(torch.tensor(2.5).item())
print(torch.tensor([[1, 2], [3, 4]]).tolist())
print(torch.tensor(3).item(), type(torch.tensor(3).item()))
print(torch.tensor([0.1]).item())
