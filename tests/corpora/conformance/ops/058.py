import torch

x = torch.tensor([0.1, 0.2, 0.7])
print(x.item() if x.numel() == 1 else x.sum().item())
print(torch.tensor(0.1).item(), torch.tensor(0.7).item() + torch.tensor(0.2).item())
print(torch.tensor([1.0, 2.0]).mean().item())
print(x.max().item(), x.tolist())
