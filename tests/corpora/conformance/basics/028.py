import torch

x = torch.tensor(3.0, requires_grad=True)
y = x ** 2
z = 2 * y + 1
z.backward()
print(f"x = {x}")
print(f"y = {y}")
print(f"z = {z}")
print(f"dz/dx = {x.grad}")
