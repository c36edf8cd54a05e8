# a while loop doubling until the norm is large (the tutorial's pattern)
import torch

x = torch.tensor([0.3, -0.2, 0.1], requires_grad=True)
y = x * 2
n = 1
while y.data.norm() < 100:
    y = y * 2
    n += 1
print("doublings:", n)
y.backward(torch.tensor([1.0, 1.0, 1.0]))
print(x.grad)
