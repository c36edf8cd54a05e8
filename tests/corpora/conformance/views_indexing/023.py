import torch

x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
y = x.unsqueeze(0) * x.unsqueeze(1)
print(y)
y.sum().backward()
print(x.grad)
