import torch

x = torch.tensor([4.0, 9.0], requires_grad=True)
y = x.sqrt()
y.add_(1)
print(y)
y.sum().backward()
