import torch

torch.manual_seed(123)
w = torch.randn(4, 4, requires_grad=True)
print(w)
print(w.mean(), w.std())
print(torch.randn(2, 3) * 100)
