# a grad with the wrong shape for backward
import torch

x = torch.ones(2, 2, requires_grad=True)
y = x * 3
y.backward(torch.ones(3))
