import torch

x = torch.linspace(0, 1, 12, requires_grad=True)
print(x)
print(x * 100)
torch.set_printoptions(linewidth=50)
print(x)
