import torch

x = torch.ones(3, requires_grad=True)
y = x * 2
z = y.mean()
z.backward()
print("x.grad:", x.grad)
print("x.grad.data:", x.grad.data)
print("z:", z, "z.item():", z.item())
print("y:", y.detach(), y.data)
