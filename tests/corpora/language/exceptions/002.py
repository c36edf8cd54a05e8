import torch

a = torch.ones(2, 3)
b = torch.ones(4, 5)
try:
    a @ b
except RuntimeError as e:
    print(type(e))
    print(e)
try:
    a + torch.ones(3, 2)
except RuntimeError as err:
    print(err)
try:
    a[5]
except IndexError as err:
    print(repr(err))
