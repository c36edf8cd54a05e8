# shapes that do not broadcast
import torch

a = torch.ones(2, 3, requires_grad=True)
b = torch.ones(4)
print("before")
c = a + b
