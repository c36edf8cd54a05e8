import torch

x = torch.tensor([0.0, 0.0, 4.0], requires_grad=True)
(x.sqrt().sum() + x.relu().sum() + x.abs().sum()).backward()
print(x.grad)
z = torch.zeros(3, requires_grad=True)
z.norm().backward()
print(z.grad)
