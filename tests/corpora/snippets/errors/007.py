# an undefined name inside a loop
import torch

x = torch.ones(2, requires_grad=True)
for i in range(3):
    print(i)
    if i == 2:
        y = x * undefined_scale
