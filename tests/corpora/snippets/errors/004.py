# item() of a tensor with several elements
import torch

x = torch.arange(4.0, requires_grad=True)
print(x.sum().item())
print(x.item())
