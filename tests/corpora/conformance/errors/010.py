import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 1
print(y.requires_grad)
y.requires_grad = False
