import torch

torch.set_printoptions(precision=3, sci_mode=False)
x = torch.tensor([1e-7, 123.456789, 1e5])
print(x)
torch.set_printoptions(sci_mode=True)
print(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
torch.set_printoptions(profile="short")
print(torch.tensor([1.23456, 7.0]))
torch.set_printoptions(profile="full")
print(torch.arange(1005.0)[-3:])
