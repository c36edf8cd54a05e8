import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = y.sum()
z.backward(retain_graph=True)
print(x.grad)
w = (y * y).sum()
w.backward()
print(x.grad)
z.backward()
print(x.grad)
