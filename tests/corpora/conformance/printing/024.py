import torch

x = torch.tensor([1e-5, 1.0, 1000.0], requires_grad=True)
print(x * 1)
print(x.sum())
print((x * 1e6).max())
print(torch.tensor([[1e-5, 1.0], [2.0, 3.0]], dtype=torch.float64, requires_grad=True))
