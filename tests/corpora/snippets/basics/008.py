# backward with a gradient argument (vector-Jacobian product)
import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x.sqrt() * 10
v = torch.tensor([1.0, 0.1, 0.01, 0.001])
y.backward(v)
print(x.grad)
print(y.shape, x.dtype)
