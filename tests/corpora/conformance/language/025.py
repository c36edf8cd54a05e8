import torch

x = torch.tensor([4.0, 9.0])
a = b = x.sqrt()
print(a, b, a is b)
x = x + 1
print(x is a, x)
c = None
print(c is None, c is not None)
print(3 in [1, 2, 3], "a" not in "xyz")
