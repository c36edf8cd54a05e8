# an in-place operation on a leaf that requires grad
import torch

w = torch.ones(3, requires_grad=True)
print(w)
w.add_(1)
