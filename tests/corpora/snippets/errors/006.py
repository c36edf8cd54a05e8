# requires_grad on an integer tensor
import torch

x = torch.tensor([1, 2, 3])
print(x.dtype)
x.requires_grad_()
