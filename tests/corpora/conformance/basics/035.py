import torch

x = torch.tensor([2.0], requires_grad=True)
y = x * x * x
y.backward()
print(x.grad)
z = x * 4
z.backward(gradient=torch.tensor([0.5]))
print(x.grad)
print(y.shape, y.dim())
