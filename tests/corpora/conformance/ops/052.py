import torch

x = torch.tensor([0.0, 0.5, 1.0], requires_grad=True)
y = x.pow(3).sum()
y.backward()
print(x.grad)
x.grad.zero_()
z = torch.pow(x, 2.5).sum()
z.backward()
print(x.grad)
print(torch.pow(2, x))
