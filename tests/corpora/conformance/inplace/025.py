import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tanh(x)
y.add_(1)
z = y.sum()
print(z)
z.backward()
