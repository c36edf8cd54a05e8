import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    x.add_(1)
except RuntimeError as e:
    print(e)
try:
    (x * 2).backward()
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, dtype=torch.long).requires_grad_()
except RuntimeError as e:
    print(e)
print(x)
