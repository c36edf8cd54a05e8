import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(x.sum(), x.sum().item(), int(x.sum()), float(x.mean()))
print(x.mean(dim=-1), x.std(dim=0), x.var(1, keepdim=True))
print(torch.var(x, 0), x.var(0, unbiased=False))
