# += on a leaf that requires grad outside no_grad
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
w += 1
