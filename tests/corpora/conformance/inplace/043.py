import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
z = y.tanh()
w = z * 2
z.sub_(1)
w.sum().backward()
print(x.grad)
