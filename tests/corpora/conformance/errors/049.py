import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp().sum()
y.backward()
print("first backward:", x.grad)
y.backward()
