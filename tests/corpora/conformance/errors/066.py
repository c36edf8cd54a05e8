import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.tanh()
z = y.sum()
z.backward()
print(x.grad)
z.backward()
