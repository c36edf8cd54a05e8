import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 2).sum()
z = (x * 3).sum()
torch.autograd.backward([y, z])
print(x.grad)
torch.autograd.backward(x.sum())
print(x.grad)
