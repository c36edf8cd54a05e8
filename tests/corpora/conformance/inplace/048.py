import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
z = torch.sigmoid(y)
y.sigmoid_()
z.sum().backward()
print(x.grad)
