import torch

torch.set_printoptions(precision=2)
print(torch.tensor([1.23456, 2.34567]))
torch.set_printoptions(precision=6)
print(torch.tensor([1.23456, 2.34567]))
torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.5, 250.0]))
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-6, 1e6]))
