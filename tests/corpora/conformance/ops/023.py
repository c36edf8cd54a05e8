import torch

x = torch.tensor([0.2, 0.4, 0.6], requires_grad=True)
y = (x * torch.log(x)).sum()
y.backward()
print(y)
print(x.grad)
