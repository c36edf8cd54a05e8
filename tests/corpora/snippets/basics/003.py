# retain_grad on an intermediate value
import torch

a = torch.tensor([0.5, -1.0], requires_grad=True)
b = a * 4
b.retain_grad()
c = (b ** 2).mean()
c.backward()
print("b.grad =", b.grad)
print("a.grad =", a.grad)
print(b.retains_grad, a.retains_grad)
